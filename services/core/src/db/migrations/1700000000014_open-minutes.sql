-- Up Migration
-- 'Open now': each business's weekly open intervals, in minutes since Monday 00:00 London local
-- time, parsed from business_hours by the contract's parser (opening-hours.ts); NULL when the hours are not usable,
-- empty when closed every day. open_minutes_of keeps the hours they were parsed from: a row whose hours differ
-- (every row here, and any written by SQL that bypasses the repository: seeds, merges, reverts) waits for
-- BusinessesRepository.parsePendingHours (docs/decisions/0020-opening-hours.md, "'Open now'").
ALTER TABLE businesses ADD COLUMN open_minutes int4multirange, ADD COLUMN open_minutes_of jsonb;
CREATE INDEX businesses_open_minutes ON businesses USING gist (open_minutes);
CREATE INDEX businesses_hours_unparsed ON businesses (id) WHERE open_minutes_of IS DISTINCT FROM business_hours;

-- Down Migration
DROP INDEX businesses_hours_unparsed;
DROP INDEX businesses_open_minutes;
ALTER TABLE businesses DROP COLUMN open_minutes_of, DROP COLUMN open_minutes;
