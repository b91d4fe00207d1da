-- Up Migration
-- Typo tolerance through a small dictionary of indexed words (pg_trgm's documented spelling approach):
-- matching every business row by word similarity is a sequential scan, the dictionary lookup is not.
CREATE TABLE search_words (word text PRIMARY KEY);
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);

DROP INDEX businesses_search_vector_idx;
ALTER TABLE businesses DROP COLUMN search_vector;
ALTER TABLE businesses ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', name), 'A') ||
  setweight(to_tsvector('simple', category || ' ' || city || ' ' || postcode), 'B') ||
  setweight(to_tsvector('simple', description || ' ' || address), 'C')
) STORED;
CREATE INDEX businesses_search_vector_idx ON businesses USING gin (search_vector);
DROP INDEX businesses_name_trgm_idx;

CREATE FUNCTION businesses_collect_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT word FROM unnest(tsvector_to_array(NEW.search_vector)) AS word
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER businesses_collect_search_words AFTER INSERT OR UPDATE OF name, category, city, postcode, description, address
  ON businesses FOR EACH ROW EXECUTE FUNCTION businesses_collect_search_words();

INSERT INTO search_words (word)
  SELECT DISTINCT word FROM businesses, unnest(tsvector_to_array(search_vector)) AS word
  ON CONFLICT DO NOTHING;

-- Down Migration
DROP TRIGGER businesses_collect_search_words ON businesses;
DROP FUNCTION businesses_collect_search_words();
DROP TABLE search_words;
