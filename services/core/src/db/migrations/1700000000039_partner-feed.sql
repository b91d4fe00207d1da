-- Up Migration
-- The partner feed's change log (GET /api/v1/changes, docs/decisions/0060-partner-feed.md): one row per business that
-- ever existed, moved forward by every change open_data_changes records (the business, its sources, verifications and
-- reports; vote counts alone are not a change). Rows are ordered by the writing transaction's id: the feed reads only
-- rows whose transaction ended before every transaction still running began (pg_snapshot_xmin), so no row can land
-- behind a cursor a partner already holds, whatever order transactions commit in. A deleted business keeps its row:
-- its tombstone.
CREATE TABLE business_changes (
  business_id integer PRIMARY KEY,
  change_xid xid8 NOT NULL,
  changed_at timestamptz NOT NULL
);
CREATE INDEX business_changes_position ON business_changes (change_xid, business_id);

INSERT INTO business_changes (business_id, change_xid, changed_at)
SELECT id, pg_current_xact_id(), created_at FROM businesses;

-- Follows open_data_changes rather than the tables themselves: whatever marks a business for the open data (migrations
-- 026, 030 and later ones) marks it for the feed too. The open data build's claims and deletions touch only claimed_by
-- or delete rows, so they move nothing here.
CREATE FUNCTION business_changes_follow() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  INSERT INTO business_changes (business_id, change_xid, changed_at)
  VALUES (NEW.business_id, pg_current_xact_id(), clock_timestamp())
  ON CONFLICT (business_id) DO UPDATE SET change_xid = EXCLUDED.change_xid, changed_at = EXCLUDED.changed_at;
  RETURN NULL;
END $$;
CREATE TRIGGER open_data_changes_feed AFTER INSERT OR UPDATE OF changed_at ON open_data_changes
  FOR EACH ROW EXECUTE FUNCTION business_changes_follow();

-- Partners' API keys (docs/decisions/0061-partner-keys.md): only the key's SHA-256 is kept (a key is 32 random bytes, so
-- a fast hash is enough); its first characters tell the admins which key is which. A revoked key stays, for the record.
CREATE TABLE partner_keys (
  id serial PRIMARY KEY,
  partner_name text NOT NULL,
  key_hash bytea NOT NULL UNIQUE,
  key_prefix text NOT NULL,
  requests_per_minute integer NOT NULL CHECK (requests_per_minute > 0),
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);

-- What partners submit with their key (POST /api/v1/submissions): the business as validated, waiting for an admin.
-- Approval adds the business (business_id); a rejected one stays, so the partner can read its outcome.
CREATE TABLE partner_submissions (
  id serial PRIMARY KEY,
  partner_key_id integer NOT NULL REFERENCES partner_keys (id),
  partner_name text NOT NULL,
  input jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  business_id integer REFERENCES businesses (id) ON DELETE SET NULL,
  decided_by integer REFERENCES users (id) ON DELETE SET NULL,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX partner_submissions_pending ON partner_submissions (id) WHERE status = 'pending';

-- Down Migration
DROP TABLE partner_submissions;
DROP TABLE partner_keys;
DROP TRIGGER open_data_changes_feed ON open_data_changes;
DROP FUNCTION business_changes_follow();
DROP TABLE business_changes;
