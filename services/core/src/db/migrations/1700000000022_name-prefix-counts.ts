import type { MigrationBuilder } from 'node-pg-migrate';

// The total of a one- or two-character search (the names whose folded form starts with it) is a
// rollup read, as the other totals are (migration 017): directory_name_prefixes counts the listed businesses (not
// hidden by an approved report) per first one and first two characters of the folded name (search_fold).
// Statement-level triggers with transition tables keep it, ENABLE ALWAYS as 017's are.
//
// Written for a big, busy table (docs/decisions/0040-postgres.md, "Migrations on big tables work without a long lock"): the table
// and its triggers first, in one short transaction; then the counts, one first character at a time, each in a
// transaction that first locks directory_name_prefixes against writers, so a writer's trigger waits at most for one
// character's count, and no change is counted twice or lost. Every step is safe to run again.
export const up = (pgm: MigrationBuilder): void => {
  pgm.noTransaction();

  pgm.sql(`
CREATE TABLE IF NOT EXISTS directory_name_prefixes (
  prefix text PRIMARY KEY,
  businesses integer NOT NULL
);

-- The first character and the first two of the folded name (one for a name of one character, none for an empty one).
CREATE OR REPLACE FUNCTION name_prefixes(name text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT CASE WHEN char_length(folded) >= 2 THEN ARRAY[left(folded, 1), left(folded, 2)]
              WHEN folded <> '' THEN ARRAY[folded] ELSE '{}'::text[] END
    FROM (SELECT search_fold(name) AS folded) f
$$;

DO $$
BEGIN
  CREATE TYPE name_prefix_change AS (prefix text, sign integer);
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;

-- In key order, so two writers never wait on each other's rows crosswise. Runs as its owner, as 017's rollups do: a
-- role that may write businesses keeps the counts without rights on them.
CREATE OR REPLACE FUNCTION directory_name_prefixes_apply(changes name_prefix_change[]) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path FROM CURRENT AS $$
  INSERT INTO directory_name_prefixes AS kept (prefix, businesses)
  SELECT c.prefix, sum(c.sign)::int FROM unnest(changes) c GROUP BY c.prefix HAVING sum(c.sign) <> 0 ORDER BY c.prefix
  ON CONFLICT (prefix) DO UPDATE SET businesses = kept.businesses + excluded.businesses
$$;

CREATE OR REPLACE FUNCTION businesses_name_prefixes_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM directory_name_prefixes_apply(ARRAY(
    SELECT ROW(p, 1)::name_prefix_change FROM inserted_rows n, unnest(name_prefixes(n.name)) p WHERE NOT n.removal_approved));
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION businesses_name_prefixes_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM directory_name_prefixes_apply(ARRAY(
    SELECT ROW(p, -1)::name_prefix_change FROM deleted_rows o, unnest(name_prefixes(o.name)) p WHERE NOT o.removal_approved));
  RETURN NULL;
END $$;

-- Only a changed name or removal moves a count: the rows of the old and new multisets that the other lacks.
CREATE OR REPLACE FUNCTION businesses_name_prefixes_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM directory_name_prefixes_apply(ARRAY(
    SELECT ROW(p, -1)::name_prefix_change
      FROM (SELECT name, removal_approved FROM old_rows EXCEPT ALL SELECT name, removal_approved FROM new_rows) gone,
           unnest(name_prefixes(gone.name)) p
     WHERE NOT gone.removal_approved
    UNION ALL
    SELECT ROW(p, 1)::name_prefix_change
      FROM (SELECT name, removal_approved FROM new_rows EXCEPT ALL SELECT name, removal_approved FROM old_rows) came,
           unnest(name_prefixes(came.name)) p
     WHERE NOT came.removal_approved));
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION businesses_name_prefixes_truncate() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
BEGIN
  DELETE FROM directory_name_prefixes;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER businesses_name_prefixes_insert AFTER INSERT ON businesses
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION businesses_name_prefixes_insert();
CREATE OR REPLACE TRIGGER businesses_name_prefixes_update AFTER UPDATE ON businesses
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION businesses_name_prefixes_update();
CREATE OR REPLACE TRIGGER businesses_name_prefixes_delete AFTER DELETE ON businesses
  REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION businesses_name_prefixes_delete();
CREATE OR REPLACE TRIGGER businesses_name_prefixes_truncate AFTER TRUNCATE ON businesses
  FOR EACH STATEMENT EXECUTE FUNCTION businesses_name_prefixes_truncate();
ALTER TABLE businesses ENABLE ALWAYS TRIGGER businesses_name_prefixes_insert;
ALTER TABLE businesses ENABLE ALWAYS TRIGGER businesses_name_prefixes_update;
ALTER TABLE businesses ENABLE ALWAYS TRIGGER businesses_name_prefixes_delete;
ALTER TABLE businesses ENABLE ALWAYS TRIGGER businesses_name_prefixes_truncate;

-- One first character's counts anew, as a range of businesses_name_prefix_idx (migration 019). Writers' triggers
-- wait on the lock until this commits, so their changes land once, after a count that did not see them.
-- Planned with its bounds as constants (EXECUTE), so the range is the index's; past the last code point, or next to
-- a surrogate, it is open above.
CREATE OR REPLACE FUNCTION directory_name_prefixes_recount(first text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  successor integer := ascii(first) + 1;
BEGIN
  LOCK TABLE directory_name_prefixes IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM directory_name_prefixes WHERE left(prefix, 1) = first;
  EXECUTE format(
    'INSERT INTO directory_name_prefixes (prefix, businesses)
     SELECT p, count(*) FROM businesses b, unnest(name_prefixes(b.name)) p
      WHERE NOT b.removal_approved AND search_fold(b.name) ~>=~ %L AND starts_with(search_fold(b.name), %L) %s
      GROUP BY p',
    first, first,
    CASE WHEN successor > 1114111 OR successor BETWEEN 55296 AND 57343 THEN ''
         ELSE format('AND search_fold(b.name) ~<~ %L', chr(successor)) END);
END $$;`);

  pgm.sql(`
DO $$
DECLARE
  first text;
BEGIN
  FOR first IN SELECT DISTINCT left(search_fold(name), 1) FROM businesses WHERE search_fold(name) <> '' LOOP
    PERFORM directory_name_prefixes_recount(first);
    COMMIT;
  END LOOP;
END $$`);
};

export const down = (pgm: MigrationBuilder): void => {
  pgm.sql(`
DROP TRIGGER businesses_name_prefixes_truncate ON businesses;
DROP TRIGGER businesses_name_prefixes_delete ON businesses;
DROP TRIGGER businesses_name_prefixes_update ON businesses;
DROP TRIGGER businesses_name_prefixes_insert ON businesses;
DROP FUNCTION directory_name_prefixes_recount(text);
DROP FUNCTION businesses_name_prefixes_truncate();
DROP FUNCTION businesses_name_prefixes_update();
DROP FUNCTION businesses_name_prefixes_delete();
DROP FUNCTION businesses_name_prefixes_insert();
DROP FUNCTION directory_name_prefixes_apply(name_prefix_change[]);
DROP TYPE name_prefix_change;
DROP FUNCTION name_prefixes(text);
DROP TABLE directory_name_prefixes;`);
};
