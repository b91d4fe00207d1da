import type { MigrationBuilder } from 'node-pg-migrate';

// What /browse counts comes from rollups that the writing transaction keeps current, so the
// summary, the city groups and the category and city lists are small indexed reads at any size and no write
// recomputes anything whole. Statement-level triggers on businesses (and a row trigger on reports) keep them;
// they are ENABLE ALWAYS, so a session in session_replication_role = replica (the scale seed) keeps them too.
//
// Written for a big, busy businesses table (docs/decisions/0040-postgres.md, "Migrations on big tables work without a long lock"):
// outside a transaction, step by step, each step safe to run again after a failure. The column, tables, functions
// and triggers come first, in one short transaction: from then on every write keeps the rollups. Then the rows
// already there are counted one city group at a time, each in a transaction that first locks the rollups against
// writers (a writer's trigger waits at most for one city's count, and no change is counted twice or lost), and last
// the category spellings, in one such transaction.
export const up = (pgm: MigrationBuilder): void => {
  pgm.noTransaction();

  // One query of several statements: Postgres runs it as one transaction.
  pgm.sql(`
-- A business whose report was approved is hidden at once (NOT_REMOVED in businesses.repository.ts). The reports
-- trigger mirrors that onto the row, so the rollup triggers see it on the business itself.
ALTER TABLE businesses ADD COLUMN IF NOT EXISTS removal_approved boolean NOT NULL DEFAULT false;
UPDATE businesses b SET removal_approved = true
 WHERE EXISTS (SELECT 1 FROM reports r WHERE r.business_id = b.id AND r.status = 'approved');

-- Per city group (lower(city)), for every category (category_key NULL) and per category (lower(category)), of
-- all listed businesses (verified false) and of those whose verification is current (verified true: verified_on
-- after directory_verification_cutoff.verified_after): how many, how many on the map, and the mapped extent.
-- The extent grows with every point added and is cleared when a group has no point left; a point leaving (a
-- delete, a move, a lapse) does not shrink it, so a frame may be a little wide, never too narrow (docs/decisions/0011-directory-at-scale.md).
-- Rows that fall to zero stay (readers skip them): there are at most groups x categories of them. No CHECK on the
-- counts: a conflicting insert checks its proposed row (a negative delta) before it becomes an update.
CREATE TABLE IF NOT EXISTS directory_rollup (
  verified boolean NOT NULL,
  category_key text,
  city_key text NOT NULL,
  businesses integer NOT NULL,
  on_map integer NOT NULL,
  west double precision,
  south double precision,
  east double precision,
  north double precision,
  CONSTRAINT directory_rollup_key UNIQUE NULLS NOT DISTINCT (verified, category_key, city_key)
);

-- Each spelling of a city and of a category, with how many listed businesses use it: the city and category
-- lists, and a group's display name (its first spelling A-Z).
CREATE TABLE IF NOT EXISTS directory_city_spellings (
  city text PRIMARY KEY,
  businesses integer NOT NULL
);
CREATE INDEX IF NOT EXISTS directory_city_spellings_group_idx ON directory_city_spellings (lower(city), city) WHERE businesses > 0;
CREATE TABLE IF NOT EXISTS directory_category_spellings (
  category text PRIMARY KEY,
  businesses integer NOT NULL
);

-- The verified rows count the businesses verified after this day. Verifications lapse by the calendar, so a
-- read subtracts those verified between this day and today's cut-off (an indexed range of businesses, a day's
-- worth when the worker's statistics refresh moves the cut-off; directory_verification_advance). Exact always.
-- Starts at TRUST_RULES.verificationValidMonths (12) ago; the first advance corrects any other value either way.
CREATE TABLE IF NOT EXISTS directory_verification_cutoff (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  verified_after date NOT NULL
);
INSERT INTO directory_verification_cutoff (verified_after) VALUES ((current_date - interval '12 months')::date)
  ON CONFLICT DO NOTHING;

-- One business's part in the rollups: sign +1 adds it, -1 takes it away.
DO $$
BEGIN
  CREATE TYPE directory_contribution AS (
    sign integer,
    city text,
    category text,
    latitude double precision,
    longitude double precision,
    verified_on date
  );
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;

-- Adds the contributions to the rollups (only the verified rows when verified_only). Rows are written in key
-- order, so two writers never deadlock on them. Holds the cut-off row (key share) when it reads it, so an
-- advance waits for the writes that counted by the old cut-off, and they for it. Runs as its owner: a role that
-- may write businesses keeps the rollups without rights on them.
CREATE OR REPLACE FUNCTION directory_rollup_apply(changes directory_contribution[], verified_only boolean DEFAULT false)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
  cutoff date;
BEGIN
  IF coalesce(cardinality(changes), 0) = 0 THEN RETURN; END IF;
  IF EXISTS (SELECT 1 FROM unnest(changes) c WHERE c.verified_on IS NOT NULL) THEN
    SELECT verified_after INTO cutoff FROM directory_verification_cutoff FOR KEY SHARE;
  END IF;

  INSERT INTO directory_rollup AS r (verified, category_key, city_key, businesses, on_map, west, south, east, north)
  SELECT k.verified, k.category_key, lower(c.city),
         sum(c.sign)::int,
         coalesce(sum(c.sign) FILTER (WHERE c.mapped), 0)::int,
         min(c.longitude) FILTER (WHERE c.sign > 0 AND c.mapped),
         min(c.latitude) FILTER (WHERE c.sign > 0 AND c.mapped),
         max(c.longitude) FILTER (WHERE c.sign > 0 AND c.mapped),
         max(c.latitude) FILTER (WHERE c.sign > 0 AND c.mapped)
    FROM (SELECT u.*, u.latitude IS NOT NULL AND u.longitude IS NOT NULL AS mapped FROM unnest(changes) u) c
   CROSS JOIN LATERAL (VALUES (false, NULL::text), (false, lower(c.category)), (true, NULL::text), (true, lower(c.category))) k(verified, category_key)
   WHERE (k.verified AND c.verified_on > cutoff) OR (NOT k.verified AND NOT verified_only)
   GROUP BY k.verified, k.category_key, lower(c.city)
  HAVING sum(c.sign) <> 0 OR sum(c.sign) FILTER (WHERE c.mapped) <> 0 OR bool_or(c.sign > 0 AND c.mapped)
   ORDER BY k.verified, k.category_key NULLS FIRST, lower(c.city)
  ON CONFLICT ON CONSTRAINT directory_rollup_key DO UPDATE SET
    businesses = r.businesses + excluded.businesses,
    on_map = r.on_map + excluded.on_map,
    west = CASE WHEN r.on_map + excluded.on_map > 0 THEN least(r.west, excluded.west) END,
    south = CASE WHEN r.on_map + excluded.on_map > 0 THEN least(r.south, excluded.south) END,
    east = CASE WHEN r.on_map + excluded.on_map > 0 THEN greatest(r.east, excluded.east) END,
    north = CASE WHEN r.on_map + excluded.on_map > 0 THEN greatest(r.north, excluded.north) END;

  IF verified_only THEN RETURN; END IF;
  INSERT INTO directory_city_spellings AS s (city, businesses)
  SELECT c.city, sum(c.sign)::int FROM unnest(changes) c GROUP BY c.city HAVING sum(c.sign) <> 0 ORDER BY c.city
  ON CONFLICT (city) DO UPDATE SET businesses = s.businesses + excluded.businesses;
  INSERT INTO directory_category_spellings AS s (category, businesses)
  SELECT c.category, sum(c.sign)::int FROM unnest(changes) c GROUP BY c.category HAVING sum(c.sign) <> 0 ORDER BY c.category
  ON CONFLICT (category) DO UPDATE SET businesses = s.businesses + excluded.businesses;
END
$$;

-- The scale seed's parallel connections would wait on each other's rollup rows until their joint commit: it
-- sets zaytoon.directory_rollup = 'deferred' in its transactions and adds its rows with directory_rollup_add.
CREATE OR REPLACE FUNCTION directory_rollup_deferred() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('zaytoon.directory_rollup', true), '') = 'deferred'
$$;

CREATE OR REPLACE FUNCTION directory_rollup_add(ids integer[]) RETURNS void LANGUAGE sql AS $$
  SELECT directory_rollup_apply(ARRAY(
    SELECT ROW(1, b.city, b.category, b.latitude, b.longitude, b.verified_on)::directory_contribution
      FROM businesses b WHERE b.id = ANY(ids) AND NOT b.removal_approved))
$$;

CREATE OR REPLACE FUNCTION businesses_rollup_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF directory_rollup_deferred() THEN RETURN NULL; END IF;
  PERFORM directory_rollup_apply(ARRAY(
    SELECT ROW(1, n.city, n.category, n.latitude, n.longitude, n.verified_on)::directory_contribution
      FROM inserted_rows n WHERE NOT n.removal_approved));
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION businesses_rollup_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF directory_rollup_deferred() THEN RETURN NULL; END IF;
  PERFORM directory_rollup_apply(ARRAY(
    SELECT ROW(-1, o.city, o.category, o.latitude, o.longitude, o.verified_on)::directory_contribution
      FROM deleted_rows o WHERE NOT o.removal_approved));
  RETURN NULL;
END
$$;

-- Only rows whose counted fields changed move (votes, hours and descriptions leave the rollups alone). EXCEPT ALL
-- pairs the old and new rows by hashing or sorting: a join of two transition tables, which have no statistics,
-- may be planned as a nested loop, quadratic in a bulk update.
CREATE OR REPLACE FUNCTION businesses_rollup_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF directory_rollup_deferred() THEN RETURN NULL; END IF;
  PERFORM directory_rollup_apply(ARRAY(
    SELECT ROW(-1, gone.city, gone.category, gone.latitude, gone.longitude, gone.verified_on)::directory_contribution
      FROM (SELECT id, city, category, latitude, longitude, verified_on, removal_approved FROM old_rows
            EXCEPT ALL
            SELECT id, city, category, latitude, longitude, verified_on, removal_approved FROM new_rows) gone
     WHERE NOT gone.removal_approved
    UNION ALL
    SELECT ROW(1, came.city, came.category, came.latitude, came.longitude, came.verified_on)::directory_contribution
      FROM (SELECT id, city, category, latitude, longitude, verified_on, removal_approved FROM new_rows
            EXCEPT ALL
            SELECT id, city, category, latitude, longitude, verified_on, removal_approved FROM old_rows) came
     WHERE NOT came.removal_approved));
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION businesses_rollup_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM directory_rollup;
  DELETE FROM directory_city_spellings;
  DELETE FROM directory_category_spellings;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER businesses_rollup_insert AFTER INSERT ON businesses
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION businesses_rollup_insert();
CREATE OR REPLACE TRIGGER businesses_rollup_update AFTER UPDATE ON businesses
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION businesses_rollup_update();
CREATE OR REPLACE TRIGGER businesses_rollup_delete AFTER DELETE ON businesses
  REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION businesses_rollup_delete();
CREATE OR REPLACE TRIGGER businesses_rollup_truncate AFTER TRUNCATE ON businesses
  FOR EACH STATEMENT EXECUTE FUNCTION businesses_rollup_truncate();

-- A report becoming approved hides its business; the last approved one going (un-approved, moved by a merge,
-- deleted) shows it again. The business row is locked first, so concurrent reports of one business take turns
-- and each sees the others' outcome. A report deleted with its business finds no row and does nothing.
CREATE OR REPLACE FUNCTION reports_mark_removal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'approved'
     AND (TG_OP = 'DELETE' OR NEW.status <> 'approved' OR NEW.business_id <> OLD.business_id) THEN
    PERFORM 1 FROM businesses WHERE id = OLD.business_id FOR UPDATE;
    UPDATE businesses b SET removal_approved = false
     WHERE b.id = OLD.business_id AND b.removal_approved
       AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.business_id = b.id AND r.status = 'approved');
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'approved' THEN
    UPDATE businesses SET removal_approved = true WHERE id = NEW.business_id AND NOT removal_approved;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION reports_truncate_removals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE businesses SET removal_approved = false WHERE removal_approved;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER reports_mark_removal AFTER INSERT OR DELETE OR UPDATE OF status, business_id ON reports
  FOR EACH ROW EXECUTE FUNCTION reports_mark_removal();
CREATE OR REPLACE TRIGGER reports_truncate_removals AFTER TRUNCATE ON reports
  FOR EACH STATEMENT EXECUTE FUNCTION reports_truncate_removals();

ALTER TABLE businesses ENABLE ALWAYS TRIGGER businesses_rollup_insert;
ALTER TABLE businesses ENABLE ALWAYS TRIGGER businesses_rollup_update;
ALTER TABLE businesses ENABLE ALWAYS TRIGGER businesses_rollup_delete;
ALTER TABLE businesses ENABLE ALWAYS TRIGGER businesses_rollup_truncate;
ALTER TABLE reports ENABLE ALWAYS TRIGGER reports_mark_removal;
ALTER TABLE reports ENABLE ALWAYS TRIGGER reports_truncate_removals;

-- Moves the cut-off to 'new_after' (today's, from TRUST_RULES: DirectoryRollupRepository): the businesses
-- verified between the two days leave the verified rows (or join them, when the cut-off moves back).
CREATE OR REPLACE FUNCTION directory_verification_advance(new_after date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  old_after date;
BEGIN
  -- Most calls find the day unchanged: they return without holding up the writers.
  IF new_after = (SELECT verified_after FROM directory_verification_cutoff) THEN RETURN; END IF;
  SELECT verified_after INTO old_after FROM directory_verification_cutoff FOR UPDATE;
  IF new_after = old_after THEN RETURN; END IF;
  IF new_after < old_after THEN
    UPDATE directory_verification_cutoff SET verified_after = new_after;
  END IF;
  PERFORM directory_rollup_apply(ARRAY(
    SELECT ROW(CASE WHEN new_after > old_after THEN -1 ELSE 1 END, b.city, b.category, b.latitude, b.longitude, b.verified_on)::directory_contribution
      FROM businesses b
     WHERE b.verified_on > least(old_after, new_after) AND b.verified_on <= greatest(old_after, new_after)
       AND NOT b.removal_approved), true);
  UPDATE directory_verification_cutoff SET verified_after = new_after;
END
$$;

-- One city group's rollup rows and spellings anew from its businesses. directory_rollup_apply adds to the category
-- spellings too: they are counted anew at the end (directory_category_spellings_recount).
CREATE OR REPLACE FUNCTION directory_rollup_recount(group_key text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE directory_rollup, directory_city_spellings IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM directory_rollup WHERE city_key = group_key;
  DELETE FROM directory_city_spellings WHERE lower(city) = group_key;
  PERFORM directory_rollup_apply(ARRAY(
    SELECT ROW(1, b.city, b.category, b.latitude, b.longitude, b.verified_on)::directory_contribution
      FROM businesses b WHERE lower(b.city) = group_key AND NOT b.removal_approved));
END
$$;

CREATE OR REPLACE FUNCTION directory_category_spellings_recount() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE directory_category_spellings IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM directory_category_spellings;
  INSERT INTO directory_category_spellings (category, businesses)
  SELECT category, count(*) FROM businesses WHERE NOT removal_approved GROUP BY category;
END
$$;`);

  pgm.sql(`
DO $$
DECLARE
  group_key text;
BEGIN
  FOR group_key IN SELECT DISTINCT lower(city) FROM businesses LOOP
    PERFORM directory_rollup_recount(group_key);
    COMMIT;
  END LOOP;
  PERFORM directory_category_spellings_recount();
END
$$`);
};

export const down = (pgm: MigrationBuilder): void => {
  pgm.sql(`
DROP TRIGGER reports_mark_removal ON reports;
DROP TRIGGER reports_truncate_removals ON reports;
DROP TRIGGER businesses_rollup_insert ON businesses;
DROP TRIGGER businesses_rollup_update ON businesses;
DROP TRIGGER businesses_rollup_delete ON businesses;
DROP TRIGGER businesses_rollup_truncate ON businesses;
DROP FUNCTION directory_category_spellings_recount();
DROP FUNCTION directory_rollup_recount(text);
DROP FUNCTION directory_verification_advance(date);
DROP FUNCTION reports_truncate_removals();
DROP FUNCTION reports_mark_removal();
DROP FUNCTION businesses_rollup_truncate();
DROP FUNCTION businesses_rollup_update();
DROP FUNCTION businesses_rollup_delete();
DROP FUNCTION businesses_rollup_insert();
DROP FUNCTION directory_rollup_add(integer[]);
DROP FUNCTION directory_rollup_deferred();
DROP FUNCTION directory_rollup_apply(directory_contribution[], boolean);
DROP TYPE directory_contribution;
DROP TABLE directory_verification_cutoff, directory_category_spellings, directory_city_spellings, directory_rollup;
ALTER TABLE businesses DROP COLUMN removal_approved;`);
};
