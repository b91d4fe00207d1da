-- Up Migration
-- Keyset paging: the list walks (name, id), also within a category or a city, so a deep
-- page reads only its own rows. The composite indexes replace the single-column filter indexes.
CREATE INDEX businesses_name_id_idx ON businesses (name, id);
CREATE INDEX businesses_category_name_id_idx ON businesses (lower(category), name, id);
CREATE INDEX businesses_city_name_id_idx ON businesses (lower(city), name, id);
DROP INDEX businesses_category_idx;
DROP INDEX businesses_city_idx;
-- The summary, city groups and map points read every match's city and coordinates: an index-only scan
-- of this narrow index instead of the whole rows (the table is ~1.3 kB a business).
CREATE INDEX businesses_directory_cover_idx ON businesses (city) INCLUDE (id, name, latitude, longitude);

-- Down Migration
DROP INDEX businesses_directory_cover_idx;
CREATE INDEX businesses_category_idx ON businesses (lower(category));
CREATE INDEX businesses_city_idx ON businesses (lower(city));
DROP INDEX businesses_city_name_id_idx;
DROP INDEX businesses_category_name_id_idx;
DROP INDEX businesses_name_id_idx;
