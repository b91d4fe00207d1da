-- Up Migration
-- Keyset paging (issue #9): the list walks (name, id), also within a category or a city, so a deep
-- page reads only its own rows. The composite indexes replace the single-column filter indexes.
CREATE INDEX businesses_name_id_idx ON businesses (name, id);
CREATE INDEX businesses_category_name_id_idx ON businesses (lower(category), name, id);
CREATE INDEX businesses_city_name_id_idx ON businesses (lower(city), name, id);
DROP INDEX businesses_category_idx;
DROP INDEX businesses_city_idx;

-- Down Migration
CREATE INDEX businesses_category_idx ON businesses (lower(category));
CREATE INDEX businesses_city_idx ON businesses (lower(city));
DROP INDEX businesses_city_name_id_idx;
DROP INDEX businesses_category_name_id_idx;
DROP INDEX businesses_name_id_idx;
