-- Up Migration
-- An alert keeps every filter of /browse: 'Verified only' (verified: true only verified businesses, false only the
-- others, null either) and 'Open now' (open_now: in a daily mail, the businesses whose hours say when they open,
-- docs/decisions/0023-alerts.md). Two alerts that differ only there are two alerts.
ALTER TABLE alerts ADD COLUMN verified boolean, ADD COLUMN open_now boolean NOT NULL DEFAULT false;
DROP INDEX alerts_member_filters_idx;
CREATE UNIQUE INDEX alerts_member_filters_idx
  ON alerts (user_id, lower(coalesce(city, '')), lower(coalesce(category, '')), lower(coalesce(search, '')), coalesce(verified::text, ''), open_now);

-- Down Migration
DELETE FROM alerts a USING alerts b
 WHERE a.id > b.id AND a.user_id = b.user_id AND lower(coalesce(a.city, '')) = lower(coalesce(b.city, ''))
   AND lower(coalesce(a.category, '')) = lower(coalesce(b.category, '')) AND lower(coalesce(a.search, '')) = lower(coalesce(b.search, ''));
DROP INDEX alerts_member_filters_idx;
CREATE UNIQUE INDEX alerts_member_filters_idx
  ON alerts (user_id, lower(coalesce(city, '')), lower(coalesce(category, '')), lower(coalesce(search, '')));
ALTER TABLE alerts DROP COLUMN open_now, DROP COLUMN verified;
