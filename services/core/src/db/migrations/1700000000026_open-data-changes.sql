-- Up Migration
-- Which businesses changed since the open data files last included them. The build rebuilds only
-- the parts (id ranges) these fall in; `removed` rows (no longer listed) are left out of the files at read time by
-- the API until their part is rebuilt. One row per business, however often it changes; the build deletes the rows it
-- took (claimed_by) once its files are in place, and a change meanwhile clears the claim so it is taken again.
CREATE TABLE open_data_changes (
  business_id integer PRIMARY KEY,
  removed boolean NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  claimed_by text
);
CREATE INDEX open_data_changes_removed ON open_data_changes (business_id) WHERE removed;

-- Statement-level, with transition tables: one INSERT per statement, however many rows it wrote. `removed` is judged
-- in the writer's transaction: the business is gone or has an approved report (NOT_REMOVED in businesses.repository).
CREATE FUNCTION open_data_mark(ids integer[]) RETURNS void LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  INSERT INTO open_data_changes (business_id, removed, changed_at, claimed_by)
  SELECT changed.id,
         NOT EXISTS (SELECT 1 FROM businesses b WHERE b.id = changed.id
                        AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.business_id = b.id AND r.status = 'approved')),
         now(), NULL
    FROM (SELECT DISTINCT id FROM unnest(ids) AS ids (id) WHERE id IS NOT NULL) AS changed
  ON CONFLICT (business_id) DO UPDATE SET removed = EXCLUDED.removed, changed_at = EXCLUDED.changed_at, claimed_by = NULL
$$;

CREATE FUNCTION open_data_mark_new_rows() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  IF TG_TABLE_NAME = 'businesses' THEN
    PERFORM open_data_mark(ARRAY(SELECT id FROM new_rows));
  ELSE
    PERFORM open_data_mark(ARRAY(SELECT business_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION open_data_mark_old_rows() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  IF TG_TABLE_NAME = 'businesses' THEN
    PERFORM open_data_mark(ARRAY(SELECT id FROM old_rows));
  ELSE
    PERFORM open_data_mark(ARRAY(SELECT business_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;

-- Votes are not in the open data (docs/decisions/0024-open-data.md): an update that only moves the counts marks nothing.
CREATE FUNCTION open_data_mark_updated_businesses() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  PERFORM open_data_mark(ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
     WHERE to_jsonb(n) - ARRAY['upvotes', 'downvotes', 'vote_score'] IS DISTINCT FROM to_jsonb(o) - ARRAY['upvotes', 'downvotes', 'vote_score']));
  RETURN NULL;
END $$;

CREATE TRIGGER businesses_open_data_insert AFTER INSERT ON businesses REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_data_mark_new_rows();
CREATE TRIGGER businesses_open_data_update AFTER UPDATE ON businesses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_data_mark_updated_businesses();
CREATE TRIGGER businesses_open_data_delete AFTER DELETE ON businesses REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_data_mark_old_rows();
CREATE TRIGGER business_sources_open_data_insert AFTER INSERT ON business_sources REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_data_mark_new_rows();
CREATE TRIGGER business_sources_open_data_update AFTER UPDATE ON business_sources REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_data_mark_new_rows();
CREATE TRIGGER business_sources_open_data_delete AFTER DELETE ON business_sources REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_data_mark_old_rows();
CREATE TRIGGER verifications_open_data_insert AFTER INSERT ON verifications REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_data_mark_new_rows();
CREATE TRIGGER verifications_open_data_update AFTER UPDATE ON verifications REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_data_mark_new_rows();
CREATE TRIGGER verifications_open_data_delete AFTER DELETE ON verifications REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_data_mark_old_rows();
-- A report's status decides whether its business is listed (an approved report removes it).
CREATE TRIGGER reports_open_data_insert AFTER INSERT ON reports REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_data_mark_new_rows();
CREATE TRIGGER reports_open_data_update AFTER UPDATE ON reports REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_data_mark_new_rows();
CREATE TRIGGER reports_open_data_delete AFTER DELETE ON reports REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_data_mark_old_rows();

-- Down Migration
DROP TRIGGER reports_open_data_delete ON reports;
DROP TRIGGER reports_open_data_update ON reports;
DROP TRIGGER reports_open_data_insert ON reports;
DROP TRIGGER verifications_open_data_delete ON verifications;
DROP TRIGGER verifications_open_data_update ON verifications;
DROP TRIGGER verifications_open_data_insert ON verifications;
DROP TRIGGER business_sources_open_data_delete ON business_sources;
DROP TRIGGER business_sources_open_data_update ON business_sources;
DROP TRIGGER business_sources_open_data_insert ON business_sources;
DROP TRIGGER businesses_open_data_delete ON businesses;
DROP TRIGGER businesses_open_data_update ON businesses;
DROP TRIGGER businesses_open_data_insert ON businesses;
DROP FUNCTION open_data_mark_updated_businesses();
DROP FUNCTION open_data_mark_old_rows();
DROP FUNCTION open_data_mark_new_rows();
DROP FUNCTION open_data_mark(integer[]);
DROP TABLE open_data_changes;
