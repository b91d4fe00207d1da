-- Up Migration
-- The version of what the directory publishes, kept by Postgres rather than by each API process. Every
-- statement that changes a listed business, its sources or verifications, or a report's status (an approved report
-- hides its business) moves it on. The open data build compares it with the one its files were built from.
-- Statement-level triggers: one bump per statement, however many rows it writes (a seed or a batch is one bump).
-- A sequence, not a row: concurrent writers never wait on each other for it (a rolled-back write still moves it
-- on, which only costs a rebuild that finds nothing new).
CREATE SEQUENCE directory_version;

-- As its owner: any role allowed to write a business moves the version on, without rights on the sequence.
CREATE FUNCTION directory_version_bump() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  PERFORM nextval('directory_version');
  RETURN NULL;
END $$;

CREATE TRIGGER businesses_directory_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON businesses
  FOR EACH STATEMENT EXECUTE FUNCTION directory_version_bump();
CREATE TRIGGER business_sources_directory_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON business_sources
  FOR EACH STATEMENT EXECUTE FUNCTION directory_version_bump();
CREATE TRIGGER verifications_directory_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON verifications
  FOR EACH STATEMENT EXECUTE FUNCTION directory_version_bump();
CREATE TRIGGER reports_directory_version AFTER UPDATE OF status OR DELETE OR TRUNCATE ON reports
  FOR EACH STATEMENT EXECUTE FUNCTION directory_version_bump();

-- Down Migration
DROP TRIGGER reports_directory_version ON reports;
DROP TRIGGER verifications_directory_version ON verifications;
DROP TRIGGER business_sources_directory_version ON business_sources;
DROP TRIGGER businesses_directory_version ON businesses;
DROP FUNCTION directory_version_bump();
DROP SEQUENCE directory_version;
