-- Up Migration
-- Search across scripts. A business may carry its name in English letters (name_latin), and
-- search reads names folded one way on both sides (search_fold): compatibility-decomposed (NFKD), lower case,
-- combining marks gone (Latin accents, Arabic harakat, tatweel), and the Arabic letters people type either way made
-- one: أ إ آ ٱ ا, ى ی ي, ة ۃ ہ ه, ک ك. Built from normalize, lower, regexp_replace and translate only, so it is
-- IMMUTABLE, indexes hold it, and it does not depend on the database's locale (unaccent is not needed).
CREATE FUNCTION search_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
RETURN translate(
  regexp_replace(lower(normalize(value, NFKD)), '[\u0300-\u036f\u0610-\u061a\u0640\u064b-\u065f\u0670\u06d6-\u06ed]', '', 'g'),
  U&'\0671\0649\06CC\0629\06C3\06C1\06A9',
  U&'\0627\064A\064A\0647\0647\0647\0643');

ALTER TABLE businesses ADD COLUMN name_latin text NOT NULL DEFAULT '';

DROP INDEX businesses_search_text_trgm_idx;
DROP INDEX businesses_search_vector_idx;
ALTER TABLE businesses DROP COLUMN search_text, DROP COLUMN search_vector;
ALTER TABLE businesses
  ADD COLUMN search_text text GENERATED ALWAYS AS (
    search_fold(name || ' ' || name_latin || ' ' || description || ' ' || category || ' ' || city || ' ' || postcode || ' ' || address)
  ) STORED,
  ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', search_fold(name || ' ' || name_latin)), 'A') ||
    setweight(to_tsvector('simple', search_fold(category || ' ' || city || ' ' || postcode)), 'B') ||
    setweight(to_tsvector('simple', search_fold(description || ' ' || address)), 'C')
  ) STORED;
CREATE INDEX businesses_search_text_trgm_idx ON businesses USING gin (search_text gin_trgm_ops);
CREATE INDEX businesses_search_vector_idx ON businesses USING gin (search_vector);

DROP TRIGGER businesses_collect_search_words ON businesses;
CREATE TRIGGER businesses_collect_search_words AFTER INSERT OR UPDATE OF name, name_latin, category, city, postcode, description, address
  ON businesses FOR EACH ROW EXECUTE FUNCTION businesses_collect_search_words();
INSERT INTO search_words (word)
  SELECT DISTINCT word FROM businesses, unnest(tsvector_to_array(search_vector)) AS word
  ON CONFLICT DO NOTHING;

-- History tracks it as it tracks the name (migration 009); the earlier function stays, under another name, for the down.
ALTER FUNCTION business_tracked_fields(businesses) RENAME TO business_tracked_fields_without_name_latin;
CREATE FUNCTION business_tracked_fields(b businesses) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT business_tracked_fields_without_name_latin(b) || jsonb_build_object('name_latin', b.name_latin)
$$;
DROP TRIGGER businesses_record_revision ON businesses;
CREATE TRIGGER businesses_record_revision
  AFTER INSERT OR UPDATE OF name, name_latin, address, city, postcode, category, description, phone, website, proof_of_support,
    business_hours, social_media, verified_on, verification_method ON businesses
  FOR EACH ROW EXECUTE FUNCTION businesses_record_revision();

-- Members may suggest it, as the other text fields.
ALTER TABLE suggestions DROP CONSTRAINT suggestions_field_name_check;
ALTER TABLE suggestions ADD CONSTRAINT suggestions_field_name_check CHECK (field_name IN
  ('description', 'phone', 'website', 'business_hours', 'social_media', 'proof_of_support', 'category', 'name_latin'));

-- Down Migration
DELETE FROM suggestions WHERE field_name = 'name_latin';
ALTER TABLE suggestions DROP CONSTRAINT suggestions_field_name_check;
ALTER TABLE suggestions ADD CONSTRAINT suggestions_field_name_check CHECK (field_name IN
  ('description', 'phone', 'website', 'business_hours', 'social_media', 'proof_of_support', 'category'));

DROP TRIGGER businesses_record_revision ON businesses;
CREATE TRIGGER businesses_record_revision
  AFTER INSERT OR UPDATE OF name, address, city, postcode, category, description, phone, website, proof_of_support,
    business_hours, social_media, verified_on, verification_method ON businesses
  FOR EACH ROW EXECUTE FUNCTION businesses_record_revision();
DROP FUNCTION business_tracked_fields(businesses);
ALTER FUNCTION business_tracked_fields_without_name_latin(businesses) RENAME TO business_tracked_fields;

DROP TRIGGER businesses_collect_search_words ON businesses;
CREATE TRIGGER businesses_collect_search_words AFTER INSERT OR UPDATE OF name, category, city, postcode, description, address
  ON businesses FOR EACH ROW EXECUTE FUNCTION businesses_collect_search_words();

DROP INDEX businesses_search_text_trgm_idx;
DROP INDEX businesses_search_vector_idx;
ALTER TABLE businesses DROP COLUMN search_text, DROP COLUMN search_vector;
ALTER TABLE businesses
  ADD COLUMN search_text text GENERATED ALWAYS AS (
    lower(name || ' ' || description || ' ' || category || ' ' || city || ' ' || postcode || ' ' || address)
  ) STORED,
  ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', name), 'A') ||
    setweight(to_tsvector('simple', category || ' ' || city || ' ' || postcode), 'B') ||
    setweight(to_tsvector('simple', description || ' ' || address), 'C')
  ) STORED;
CREATE INDEX businesses_search_text_trgm_idx ON businesses USING gin (search_text gin_trgm_ops);
CREATE INDEX businesses_search_vector_idx ON businesses USING gin (search_vector);
ALTER TABLE businesses DROP COLUMN name_latin;
DROP FUNCTION search_fold(text);
