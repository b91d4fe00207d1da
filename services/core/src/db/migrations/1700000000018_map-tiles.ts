import type { MigrationBuilder } from 'node-pg-migrate';

// The map by tiles. Each mapped business has map_key, its Web Mercator position as a Morton code
// (28 bits of x and 28 of y, interleaved; about 15 cm at the equator): the businesses of one XYZ tile, and of each
// cell of a tile's grid, are then one contiguous range of keys, read through a B-tree index. The grid cell of zoom z
// is map_key >> (2 * (28 - (z + 2))): 4 x 4 cells a tile.
// map_cells keeps the count, coordinate sums and key extent of every cell of zooms 0-12 (levels 2-14) per category,
// kept current by triggers on businesses (statement-level for inserts and deletes): a tile without filters (or
// filtered by category) there is a read of at most 16 cells x categories rows, whatever the table's size. Businesses
// hidden by an approved report are not subtracted here (the cascade job soon deletes them); the tile query subtracts
// the few that are still waiting. The trigger functions run as the tables' owner: any role allowed to write
// businesses or reports keeps them current.
// map_version counts the changes that can alter a tile: tile URLs carry it, so a CDN keeps a tile for good. Every
// trigger bumps it before touching map_cells, so concurrent writers queue on that one row instead of deadlocking on
// cells.
//
// Written for a big, busy businesses table (docs/decisions/0040-postgres.md, "Migrations on big tables work without a long lock"):
// outside a transaction, step by step, each step safe to run again after a failure. map_key is a plain column kept
// by a row trigger (a GENERATED ... STORED column rewrites the table), filled in committed batches by id; the indexes
// are built CONCURRENTLY; map_cells is filled one category at a time.
const BACKFILL_BATCH = 5000;

export const up = (pgm: MigrationBuilder): void => {
  pgm.noTransaction();

  // One query of several statements: Postgres runs it as one transaction.
  pgm.sql(`
CREATE OR REPLACE FUNCTION map_spread_bits(value bigint) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  value := (value | (value << 16)) & 281470681808895;       -- 0x0000FFFF0000FFFF
  value := (value | (value << 8)) & 71777214294589695;      -- 0x00FF00FF00FF00FF
  value := (value | (value << 4)) & 1085102592571150095;    -- 0x0F0F0F0F0F0F0F0F
  value := (value | (value << 2)) & 3689348814741910323;    -- 0x3333333333333333
  value := (value | (value << 1)) & 6148914691236517205;    -- 0x5555555555555555
  RETURN value;
END $$;

CREATE OR REPLACE FUNCTION map_key(latitude double precision, longitude double precision) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT map_spread_bits(least(268435455, greatest(0, floor((longitude + 180) / 360 * 268435456)))::bigint)
       | (map_spread_bits(least(268435455, greatest(0, floor(
           (1 - ln(tan(radians(least(85.0511287798, greatest(-85.0511287798, latitude))))
                   + 1 / cos(radians(least(85.0511287798, greatest(-85.0511287798, latitude))))) / pi()) / 2 * 268435456)))::bigint) << 1)
$$;

ALTER TABLE businesses ADD COLUMN IF NOT EXISTS map_key bigint;

-- A direct write of map_key is replaced too: the column always says where the business is.
CREATE OR REPLACE FUNCTION businesses_map_key() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.map_key := map_key(NEW.latitude, NEW.longitude);
  RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER businesses_map_key BEFORE INSERT OR UPDATE OF latitude, longitude, map_key ON businesses
  FOR EACH ROW EXECUTE FUNCTION businesses_map_key();
-- As a generated column is, also in a session with session_replication_role = replica.
ALTER TABLE businesses ENABLE ALWAYS TRIGGER businesses_map_key;`);

  pgm.sql(`
DO $$
DECLARE
  done_through integer := 0;
  batch_end integer;
BEGIN
  LOOP
    SELECT max(id) INTO batch_end FROM (SELECT id FROM businesses WHERE id > done_through ORDER BY id LIMIT ${BACKFILL_BATCH}) batch;
    EXIT WHEN batch_end IS NULL;
    UPDATE businesses SET map_key = map_key(latitude, longitude)
     WHERE id > done_through AND id <= batch_end AND map_key IS DISTINCT FROM map_key(latitude, longitude);
    done_through := batch_end;
    COMMIT;
  END LOOP;
END $$`);

  for (const [name, columns] of [
    ['businesses_map_key_idx', '(map_key) INCLUDE (id, latitude, longitude)'],
    ['businesses_category_map_key_idx', '(lower(category), map_key)'],
    ['businesses_city_map_key_idx', '(lower(city), map_key)'],
  ]) {
    pgm.sql(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`);
    pgm.sql(`CREATE INDEX CONCURRENTLY ${name} ON businesses ${columns} WHERE map_key IS NOT NULL`);
  }

  pgm.sql(`
CREATE TABLE IF NOT EXISTS map_cells (
  level smallint NOT NULL,
  cell bigint NOT NULL,
  category text NOT NULL,
  count integer NOT NULL,
  latitude_sum double precision NOT NULL,
  longitude_sum double precision NOT NULL,
  -- The extent of the cell's keys, for the zoom at which it splits; a removal leaves it as it was (wider, never narrower).
  min_key bigint,
  max_key bigint,
  PRIMARY KEY (level, cell, category)
);

DO $$
BEGIN
  CREATE TYPE map_change AS (sign integer, map_key bigint, category text, latitude double precision, longitude double precision);
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;

CREATE OR REPLACE FUNCTION map_cells_change(changes map_change[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(changes) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO map_cells AS kept (level, cell, category, count, latitude_sum, longitude_sum, min_key, max_key)
  SELECT level, change.map_key >> (2 * (28 - level)), change.category, sum(change.sign), sum(change.sign * change.latitude),
         sum(change.sign * change.longitude), min(change.map_key) FILTER (WHERE change.sign > 0), max(change.map_key) FILTER (WHERE change.sign > 0)
    FROM unnest(changes) AS change CROSS JOIN generate_series(2, 14) AS level
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3
  ON CONFLICT (level, cell, category) DO UPDATE
     SET count = kept.count + excluded.count,
         latitude_sum = kept.latitude_sum + excluded.latitude_sum,
         longitude_sum = kept.longitude_sum + excluded.longitude_sum,
         min_key = least(kept.min_key, excluded.min_key),
         max_key = greatest(kept.max_key, excluded.max_key);
  DELETE FROM map_cells kept
   USING (SELECT DISTINCT level, change.map_key >> (2 * (28 - level)) AS cell, change.category
            FROM unnest(changes) AS change CROSS JOIN generate_series(2, 14) AS level WHERE change.sign < 0) emptied
   WHERE kept.level = emptied.level AND kept.cell = emptied.cell AND kept.category = emptied.category AND kept.count <= 0;
END $$;

CREATE TABLE IF NOT EXISTS map_version (
  single boolean PRIMARY KEY DEFAULT true CHECK (single),
  version bigint NOT NULL,
  -- The transaction that last bumped it: one bump a transaction, however many rows it changes.
  bumped_in bigint
);
INSERT INTO map_version VALUES (true, 1, NULL) ON CONFLICT DO NOTHING;

CREATE OR REPLACE FUNCTION map_version_bump() RETURNS void
LANGUAGE sql AS $$
  UPDATE map_version SET version = version + 1, bumped_in = txid_current() WHERE bumped_in IS DISTINCT FROM txid_current()
$$;

CREATE OR REPLACE FUNCTION businesses_map_inserted() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM inserted) THEN
    PERFORM map_version_bump();
  END IF;
  PERFORM map_cells_change(ARRAY(SELECT ROW(1, map_key, lower(category), latitude, longitude)::map_change FROM inserted WHERE map_key IS NOT NULL));
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION businesses_map_deleted() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM deleted) THEN
    PERFORM map_version_bump();
  END IF;
  PERFORM map_cells_change(ARRAY(SELECT ROW(-1, map_key, lower(category), latitude, longitude)::map_change FROM deleted WHERE map_key IS NOT NULL));
  RETURN NULL;
END $$;

-- Updates are row triggers filtered by WHEN: a vote fires nothing, and a bulk update (hours parsed, verifications)
-- bumps the version once and moves no cell.
CREATE OR REPLACE FUNCTION businesses_map_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM map_version_bump();
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION businesses_map_moved() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM map_cells_change(ARRAY(
    SELECT change FROM (VALUES (ROW(-1, OLD.map_key, lower(OLD.category), OLD.latitude, OLD.longitude)::map_change),
                               (ROW(1, NEW.map_key, lower(NEW.category), NEW.latitude, NEW.longitude)::map_change)) AS moved(change)
     WHERE (change).map_key IS NOT NULL));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER businesses_map_inserted AFTER INSERT ON businesses REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION businesses_map_inserted();
CREATE OR REPLACE TRIGGER businesses_map_deleted AFTER DELETE ON businesses REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION businesses_map_deleted();
-- Row triggers fire in name order: the version (a) is bumped before the cells (b) are touched.
CREATE OR REPLACE TRIGGER businesses_map_a_changed AFTER UPDATE ON businesses FOR EACH ROW
  WHEN (to_jsonb(OLD) - '{upvotes,downvotes,vote_score,owner_reminded_at,owner_confirmed_at,flagged_at}'::text[]
        IS DISTINCT FROM to_jsonb(NEW) - '{upvotes,downvotes,vote_score,owner_reminded_at,owner_confirmed_at,flagged_at}'::text[])
  EXECUTE FUNCTION businesses_map_changed();
CREATE OR REPLACE TRIGGER businesses_map_b_moved AFTER UPDATE ON businesses FOR EACH ROW
  WHEN ((OLD.map_key, lower(OLD.category), OLD.latitude, OLD.longitude) IS DISTINCT FROM (NEW.map_key, lower(NEW.category), NEW.latitude, NEW.longitude))
  EXECUTE FUNCTION businesses_map_moved();

-- An approved report hides its business at once (NOT_REMOVED in businesses.repository.ts): tiles change with it.
CREATE OR REPLACE FUNCTION reports_map_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM map_version_bump();
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER reports_map_approved AFTER INSERT ON reports FOR EACH ROW WHEN (NEW.status = 'approved') EXECUTE FUNCTION reports_map_changed();
CREATE OR REPLACE TRIGGER reports_map_status AFTER UPDATE OF status ON reports FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status AND 'approved' IN (OLD.status, NEW.status)) EXECUTE FUNCTION reports_map_changed();
CREATE OR REPLACE TRIGGER reports_map_unapproved AFTER DELETE ON reports FOR EACH ROW WHEN (OLD.status = 'approved') EXECUTE FUNCTION reports_map_changed();

-- One category's cells anew from its businesses. The version is bumped first: a writer's trigger waits on it until
-- this commits, so its change lands once, after a recount that did not see it.
CREATE OR REPLACE FUNCTION map_cells_rebuild(category_key text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM map_version_bump();
  DELETE FROM map_cells WHERE category = category_key;
  INSERT INTO map_cells (level, cell, category, count, latitude_sum, longitude_sum, min_key, max_key)
  SELECT level, b.map_key >> (2 * (28 - level)), category_key, count(*), sum(b.latitude), sum(b.longitude), min(b.map_key), max(b.map_key)
    FROM businesses b CROSS JOIN generate_series(2, 14) AS level
   WHERE lower(b.category) = category_key AND b.map_key IS NOT NULL
   GROUP BY 1, 2;
END $$;`);

  // Each category in its own transaction: writers wait at most for one category's recount.
  pgm.sql(`
DO $$
DECLARE
  category_key text;
BEGIN
  FOR category_key IN SELECT DISTINCT lower(category) FROM businesses WHERE map_key IS NOT NULL LOOP
    PERFORM map_cells_rebuild(category_key);
    COMMIT;
  END LOOP;
END $$`);
};

export const down = (pgm: MigrationBuilder): void => {
  pgm.sql(`
DROP TRIGGER reports_map_unapproved ON reports;
DROP TRIGGER reports_map_status ON reports;
DROP TRIGGER reports_map_approved ON reports;
DROP FUNCTION reports_map_changed();
DROP FUNCTION map_cells_rebuild(text);
DROP TRIGGER businesses_map_b_moved ON businesses;
DROP TRIGGER businesses_map_a_changed ON businesses;
DROP TRIGGER businesses_map_deleted ON businesses;
DROP TRIGGER businesses_map_inserted ON businesses;
DROP FUNCTION businesses_map_moved();
DROP FUNCTION businesses_map_changed();
DROP FUNCTION businesses_map_deleted();
DROP FUNCTION businesses_map_inserted();
DROP FUNCTION map_version_bump();
DROP TABLE map_version;
DROP FUNCTION map_cells_change(map_change[]);
DROP TYPE map_change;
DROP TABLE map_cells;
ALTER TABLE businesses DROP COLUMN map_key;
DROP FUNCTION businesses_map_key();
DROP FUNCTION map_key(double precision, double precision);
DROP FUNCTION map_spread_bits(bigint);`);
};
