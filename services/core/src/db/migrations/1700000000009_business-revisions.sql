-- Up Migration
-- Public revision history. Every change to a business's user-visible fields is one revision with
-- each field's value before and after, who made it and when. A trigger writes them, so no writer can forget: the
-- writing service names the kind and the actor in transaction-local settings (setRevisionContext in core); a write
-- that names neither is still recorded ('create' or 'edit', actor unknown). Writes of one transaction make one
-- revision (a form's fields and its sources' text). Vote totals, coordinates, search columns and updated_at are
-- not history. Seeds set the kind 'seed', which records nothing.
CREATE TABLE business_revisions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  actor_id integer REFERENCES users (id) ON DELETE SET NULL,
  -- The actor as they were at the time: 'member' (shown by username, 'former member' once actor_id is gone),
  -- 'admin' (shown as 'admin'), 'unknown' (the write named nobody).
  actor_role text NOT NULL CHECK (actor_role IN ('member', 'admin', 'unknown')),
  kind text NOT NULL CHECK (kind IN ('create', 'edit', 'suggestion', 'verification', 'merge', 'revert')),
  -- {field: {before, after}}; before is null in a 'create'.
  changes jsonb NOT NULL CHECK (jsonb_typeof(changes) = 'object'),
  transaction_id bigint NOT NULL DEFAULT txid_current(),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX business_revisions_business_idx ON business_revisions (business_id, id DESC);
CREATE INDEX business_revisions_actor_idx ON business_revisions (actor_id) WHERE actor_id IS NOT NULL;

-- The tracked fields of a business, as JSON (dates as 'YYYY-MM-DD').
CREATE FUNCTION business_tracked_fields(b businesses) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'name', b.name, 'address', b.address, 'city', b.city, 'postcode', b.postcode, 'category', b.category,
    'description', b.description, 'phone', b.phone, 'website', b.website, 'proof_of_support', b.proof_of_support,
    'business_hours', b.business_hours, 'social_media', b.social_media,
    'verified_on', b.verified_on, 'verification_method', b.verification_method)
$$;

-- Who a revision names: 'admin' or 'member' as the actor is at the time, 'unknown' when no one was named.
CREATE FUNCTION business_revision_actor_role(actor integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN actor IS NULL THEN 'unknown' WHEN (SELECT is_admin FROM users WHERE id = actor) THEN 'admin' ELSE 'member' END
$$;

CREATE FUNCTION businesses_record_revision() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  context_kind text := nullif(current_setting('zaytoon.revision_kind', true), '');
  actor integer := nullif(current_setting('zaytoon.actor_id', true), '')::integer;
  old_fields jsonb := CASE WHEN TG_OP = 'UPDATE' THEN business_tracked_fields(OLD) ELSE '{}'::jsonb END;
  new_fields jsonb := business_tracked_fields(NEW);
  changed jsonb;
  pending business_revisions%ROWTYPE;
BEGIN
  IF context_kind = 'seed' THEN RETURN NULL; END IF;
  SELECT coalesce(jsonb_object_agg(f.key, jsonb_build_object('before', old_fields -> f.key, 'after', f.value)), '{}'::jsonb)
    INTO changed
    FROM jsonb_each(new_fields) f
   WHERE (old_fields -> f.key) IS DISTINCT FROM f.value
     AND (TG_OP = 'UPDATE' OR f.value NOT IN ('""'::jsonb, '{}'::jsonb, 'null'::jsonb));
  IF changed = '{}'::jsonb AND TG_OP = 'UPDATE' THEN RETURN NULL; END IF;

  -- A later write of the same transaction joins its revision: each field keeps its first before and takes the last after.
  SELECT * INTO pending FROM business_revisions
   WHERE business_id = NEW.id AND transaction_id = txid_current() ORDER BY id DESC LIMIT 1;
  IF FOUND THEN
    SELECT coalesce(jsonb_object_agg(m.key, m.value), '{}'::jsonb) INTO changed FROM (
      SELECT p.key, p.value FROM jsonb_each(pending.changes) p WHERE NOT changed ? p.key
      UNION ALL
      SELECT c.key, jsonb_build_object(
               'before', CASE WHEN pending.kind = 'create' THEN 'null'::jsonb ELSE coalesce(pending.changes -> c.key -> 'before', c.value -> 'before') END,
               'after', c.value -> 'after')
        FROM jsonb_each(changed) c
    ) m WHERE (m.value -> 'before') IS DISTINCT FROM (m.value -> 'after')
           AND (pending.kind <> 'create' OR m.value -> 'after' NOT IN ('""'::jsonb, '{}'::jsonb, 'null'::jsonb));
    -- A create or a merge stands with no field changed (RevisionsRepository.open); another kind goes.
    IF changed = '{}'::jsonb AND pending.kind NOT IN ('create', 'merge') THEN
      DELETE FROM business_revisions WHERE id = pending.id;
    ELSE
      UPDATE business_revisions SET changes = changed WHERE id = pending.id;
    END IF;
    RETURN NULL;
  END IF;

  INSERT INTO business_revisions (business_id, actor_id, actor_role, kind, changes)
  VALUES (
    NEW.id,
    actor,
    business_revision_actor_role(actor),
    coalesce(context_kind, CASE WHEN TG_OP = 'INSERT' THEN 'create' ELSE 'edit' END),
    changed);
  RETURN NULL;
END
$$;

-- Only updates that name a tracked column run it (votes and geocoding do not).
CREATE TRIGGER businesses_record_revision
  AFTER INSERT OR UPDATE OF name, address, city, postcode, category, description, phone, website, proof_of_support,
    business_hours, social_media, verified_on, verification_method ON businesses
  FOR EACH ROW EXECUTE FUNCTION businesses_record_revision();

-- Down Migration
DROP TRIGGER businesses_record_revision ON businesses;
DROP FUNCTION businesses_record_revision();
DROP FUNCTION business_revision_actor_role(integer);
DROP FUNCTION business_tracked_fields(businesses);
DROP TABLE business_revisions;
