-- Up Migration
-- A member's alerts, 'Email me new businesses like these'. Each keeps /browse's filters (null:
-- no filter) and `new_since`: businesses created after it are the alert's next mail. A member's alerts are mailed
-- together, at most once a day: users.alerts_mailed_on is the UTC day of the last one. Alert ids are never reused,
-- so the signed unsubscribe link of an ended alert never ends a later one with the same filters.
CREATE TABLE alerts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  city text,
  category text,
  search text,
  new_since timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- One alert per member and filters (compared as the directory compares them: case-insensitively).
CREATE UNIQUE INDEX alerts_member_filters_idx
  ON alerts (user_id, lower(coalesce(city, '')), lower(coalesce(category, '')), lower(coalesce(search, '')));

ALTER TABLE users ADD COLUMN alerts_mailed_on date;
-- The daily mail reads the businesses created since each alert's last mail: a range, not the whole table.
CREATE INDEX businesses_created_at_idx ON businesses (created_at);

-- Down Migration
DROP INDEX businesses_created_at_idx;
DROP TABLE alerts;
ALTER TABLE users DROP COLUMN alerts_mailed_on;
