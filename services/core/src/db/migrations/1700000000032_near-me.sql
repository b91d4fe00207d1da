-- Up Migration
-- 'Near me' (docs/decisions/0054-near-me.md): the list near a point walks this index nearest first (KNN), so a page
-- costs the same however many businesses there are. The expression is the repository's NEAR_POINT_SQL, character for
-- character in meaning: longitude scaled by cos 54 degrees so that east and north weigh about alike across Great Britain.
CREATE INDEX businesses_near_point ON businesses USING gist (point(longitude * 0.5878::float8, latitude));

-- Down Migration
DROP INDEX businesses_near_point;
