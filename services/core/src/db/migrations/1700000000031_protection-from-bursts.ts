import type { MigrationBuilder } from 'node-pg-migrate';

// Protection from bursts (docs/decisions/0051-protection-from-bursts.md): a business's pauses, the votes set aside by
// one (they leave upvotes/downvotes, so vote_score, until an admin keeps or discards them) and the reports marked as
// part of one. The tables and the totals' trigger change in one statement (one implicit transaction); the indexes on
// votes and reports, which grow with the directory, are built CONCURRENTLY (docs/decisions/0040-postgres.md).
const SCHEMA = `
CREATE TABLE IF NOT EXISTS business_pauses (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  reason text NOT NULL CHECK (reason IN ('burst')),
  since timestamptz NOT NULL DEFAULT now(),
  window_start timestamptz NOT NULL,
  account_age_days integer NOT NULL CHECK (account_age_days > 0),
  votes_decision text CHECK (votes_decision IN ('kept', 'discarded')),
  lifted_at timestamptz,
  lifted_by integer REFERENCES users (id) ON DELETE SET NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS business_pauses_one_active_key ON business_pauses (business_id) WHERE lifted_at IS NULL;
CREATE INDEX IF NOT EXISTS business_pauses_active_page_idx ON business_pauses (since DESC, id DESC) WHERE lifted_at IS NULL;
CREATE INDEX IF NOT EXISTS business_pauses_lifted_idx ON business_pauses (business_id, lifted_at DESC) WHERE lifted_at IS NOT NULL;

ALTER TABLE votes ADD COLUMN IF NOT EXISTS set_aside_by integer REFERENCES business_pauses (id) ON DELETE SET NULL;
ALTER TABLE reports ADD COLUMN IF NOT EXISTS burst_id integer REFERENCES business_pauses (id) ON DELETE SET NULL;

-- Keeps businesses.upvotes/downvotes equal to the votes rows that count, whoever writes them: a vote set aside by a
-- pause counts again when set_aside_by is cleared (the admins keep it), and never when it is deleted.
CREATE OR REPLACE FUNCTION votes_keep_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.set_aside_by IS NULL THEN
    UPDATE businesses SET
      upvotes = upvotes - (OLD.vote_type = 'upvote')::int,
      downvotes = downvotes - (OLD.vote_type = 'downvote')::int
    WHERE id = OLD.business_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.set_aside_by IS NULL THEN
    UPDATE businesses SET
      upvotes = upvotes + (NEW.vote_type = 'upvote')::int,
      downvotes = downvotes + (NEW.vote_type = 'downvote')::int
    WHERE id = NEW.business_id;
  END IF;
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS votes_keep_totals ON votes;
CREATE TRIGGER votes_keep_totals AFTER INSERT OR DELETE OR UPDATE OF vote_type, business_id, set_aside_by ON votes
  FOR EACH ROW EXECUTE FUNCTION votes_keep_totals();`;

// A business's recent actions, read on each write of a new account against it; the rows of one pause.
const INDEXES = [
  ['votes_business_recent_idx', 'votes (business_id, created_at)'],
  ['reports_business_recent_idx', 'reports (business_id, created_at)'],
  ['votes_set_aside_idx', 'votes (set_aside_by) WHERE set_aside_by IS NOT NULL'],
  ['reports_burst_idx', 'reports (burst_id) WHERE burst_id IS NOT NULL'],
];

export const up = (pgm: MigrationBuilder): void => {
  pgm.noTransaction();
  pgm.sql(SCHEMA);
  for (const [name, definition] of INDEXES) {
    pgm.sql(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`);
    pgm.sql(`CREATE INDEX CONCURRENTLY ${name} ON ${definition}`);
  }
};

export const down = (pgm: MigrationBuilder): void => {
  pgm.sql(`
DROP INDEX IF EXISTS votes_business_recent_idx, reports_business_recent_idx, votes_set_aside_idx, reports_burst_idx;
UPDATE votes SET set_aside_by = NULL WHERE set_aside_by IS NOT NULL;
DROP TRIGGER votes_keep_totals ON votes;
ALTER TABLE votes DROP COLUMN set_aside_by;
ALTER TABLE reports DROP COLUMN burst_id;
CREATE OR REPLACE FUNCTION votes_keep_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE businesses SET
      upvotes = upvotes - (OLD.vote_type = 'upvote')::int,
      downvotes = downvotes - (OLD.vote_type = 'downvote')::int
    WHERE id = OLD.business_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE businesses SET
      upvotes = upvotes + (NEW.vote_type = 'upvote')::int,
      downvotes = downvotes + (NEW.vote_type = 'downvote')::int
    WHERE id = NEW.business_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER votes_keep_totals AFTER INSERT OR DELETE OR UPDATE OF vote_type, business_id ON votes
  FOR EACH ROW EXECUTE FUNCTION votes_keep_totals();
DROP TABLE business_pauses;`);
};
