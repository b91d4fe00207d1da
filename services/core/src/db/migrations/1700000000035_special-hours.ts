import type { MigrationBuilder } from 'node-pg-migrate';

// Special hours (docs/decisions/0056-special-hours.md): special_hours is the business's list of entries as the API
// carries it; special_dates (the special dates, midnight to midnight London time) and special_open (when those entries
// say open, a closing time before the opening one past midnight) are derived from it by special_hours_ranges in the
// statement that writes it. 'Open now' at an instant is then one row's test: special_open holds the instant, or the
// weekly open_minutes hold its minute of the week and special_dates do not hold it; the GiST index below and
// businesses_open_minutes serve the two halves (a BitmapOr). The index is built CONCURRENTLY, outside a transaction,
// so the table stays writable (docs/decisions/0040-postgres.md); one left invalid by a failed build is built again.
export const up = (pgm: MigrationBuilder): void => {
  pgm.noTransaction();
  pgm.sql(`ALTER TABLE businesses ADD COLUMN IF NOT EXISTS special_hours jsonb NOT NULL DEFAULT '[]',
             ADD COLUMN IF NOT EXISTS special_dates tstzmultirange, ADD COLUMN IF NOT EXISTS special_open tstzmultirange`);
  pgm.sql(`CREATE OR REPLACE FUNCTION special_hours_ranges(entries jsonb, OUT dates tstzmultirange, OUT open_at tstzmultirange)
    LANGUAGE sql STABLE AS $$
      SELECT
        (SELECT range_agg(tstzrange(e.first_date::timestamp AT TIME ZONE 'Europe/London',
                                    (e.last_date + 1)::timestamp AT TIME ZONE 'Europe/London'))
           FROM jsonb_to_recordset(entries) AS e(first_date date, last_date date)),
        (SELECT range_agg(tstzrange((d + e.opens::interval) AT TIME ZONE 'Europe/London',
                                    (d + e.closes::interval + CASE WHEN e.closes <= e.opens THEN interval '1 day' ELSE interval '0' END)
                                      AT TIME ZONE 'Europe/London'))
           FROM jsonb_to_recordset(entries) AS e(first_date date, last_date date, closed boolean, opens time, closes time),
                generate_series(e.first_date::timestamp, e.last_date::timestamp, interval '1 day') AS d
          WHERE NOT e.closed AND e.opens IS NOT NULL AND e.closes IS NOT NULL AND e.opens <> e.closes)
    $$`);
  // Members may suggest them. The new check is added NOT VALID and validated apart, so no write waits on the scan.
  pgm.sql(`ALTER TABLE suggestions DROP CONSTRAINT IF EXISTS suggestions_field_name_check,
             ADD CONSTRAINT suggestions_field_name_check CHECK (field_name IN
               ('description', 'phone', 'website', 'business_hours', 'social_media', 'proof_of_support', 'category', 'name_latin', 'special_hours'))
             NOT VALID`);
  pgm.sql('ALTER TABLE suggestions VALIDATE CONSTRAINT suggestions_field_name_check');
  pgm.sql('DROP INDEX CONCURRENTLY IF EXISTS businesses_special_open');
  pgm.sql('CREATE INDEX CONCURRENTLY businesses_special_open ON businesses USING gist (special_open) WHERE special_open IS NOT NULL');
};

export const down = (pgm: MigrationBuilder): void => {
  pgm.sql('DROP INDEX businesses_special_open');
  pgm.sql('DROP FUNCTION special_hours_ranges(jsonb)');
  pgm.sql("DELETE FROM suggestions WHERE field_name = 'special_hours'");
  pgm.sql(`ALTER TABLE suggestions DROP CONSTRAINT suggestions_field_name_check, ADD CONSTRAINT suggestions_field_name_check CHECK (field_name IN
             ('description', 'phone', 'website', 'business_hours', 'social_media', 'proof_of_support', 'category', 'name_latin'))`);
  pgm.sql('ALTER TABLE businesses DROP COLUMN special_open, DROP COLUMN special_dates, DROP COLUMN special_hours');
};
