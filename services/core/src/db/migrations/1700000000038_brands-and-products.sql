-- Up Migration
-- Boycotted brands kept by admins, and the businesses that are alternatives to them. A brand's slug names its page
-- (/alternatives/<slug>) and its rows in the open data, so it never changes once the brand is made.
CREATE TABLE brands (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  slug text NOT NULL UNIQUE,
  reason text NOT NULL,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX brands_name_unique ON brands (lower(name));
-- 'Alternative to…' searches brands by any part of the name, as the search box does.
CREATE INDEX brands_name_trgm ON brands USING gin (lower(name) gin_trgm_ops);

-- A brand's sources: the kinds and link-check columns of business_sources.
CREATE TABLE brand_sources (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('Public statement', 'Donation or fundraiser', 'In-store sign', 'Social media post', 'Other')),
  url text,
  description text NOT NULL,
  source_date date NOT NULL,
  added_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  link_status text NOT NULL DEFAULT 'unchecked' CHECK (link_status IN ('unchecked', 'ok', 'failing', 'broken')),
  link_http_status integer,
  link_final_url text,
  link_checked_at timestamptz,
  link_failures integer NOT NULL DEFAULT 0,
  archived_title text,
  archived_excerpt text
);
CREATE INDEX brand_sources_brand ON brand_sources (brand_id, id);

-- The directory's 'Alternative to…' filter walks a brand's rows in business order.
CREATE TABLE business_alternatives (
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  added_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (brand_id, business_id)
);
CREATE INDEX business_alternatives_business ON business_alternatives (business_id, brand_id);

-- Palestinian products: the admin-kept list of types, and what each business stocks.
CREATE TABLE product_types (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  slug text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX product_types_name_unique ON product_types (lower(name));
INSERT INTO product_types (name, slug) VALUES
  ('Olive oil', 'olive-oil'), ('Za''atar', 'zaatar'), ('Dates', 'dates'), ('Maftoul', 'maftoul'),
  ('Soap', 'soap'), ('Ceramics', 'ceramics'), ('Embroidery', 'embroidery'), ('Books', 'books');

CREATE TABLE business_products (
  product_type_id integer NOT NULL REFERENCES product_types (id) ON DELETE CASCADE,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  added_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (product_type_id, business_id)
);
CREATE INDEX business_products_business ON business_products (business_id, product_type_id);

-- The source that shows a business stocks them: one per business, with the columns of business_sources.
CREATE TABLE business_product_sources (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('Public statement', 'Donation or fundraiser', 'In-store sign', 'Social media post', 'Other')),
  url text,
  description text NOT NULL,
  source_date date NOT NULL,
  added_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  link_status text NOT NULL DEFAULT 'unchecked' CHECK (link_status IN ('unchecked', 'ok', 'failing', 'broken')),
  link_http_status integer,
  link_final_url text,
  link_checked_at timestamptz,
  link_failures integer NOT NULL DEFAULT 0,
  archived_title text,
  archived_excerpt text
);
CREATE INDEX business_product_sources_business ON business_product_sources (business_id, id);

-- Members suggest 'Alternative to <brand>' (the brand's slug); an admin's approval tags the business.
ALTER TABLE suggestions DROP CONSTRAINT suggestions_field_name_check;
ALTER TABLE suggestions ADD CONSTRAINT suggestions_field_name_check CHECK (field_name IN
  ('description', 'phone', 'website', 'business_hours', 'social_media', 'proof_of_support', 'category', 'name_latin', 'special_hours', 'alternative_to'));

-- Both are in the open data and in what the directory publishes.
CREATE TRIGGER business_alternatives_open_data_insert AFTER INSERT ON business_alternatives REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_data_mark_new_rows();
CREATE TRIGGER business_alternatives_open_data_delete AFTER DELETE ON business_alternatives REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_data_mark_old_rows();
CREATE TRIGGER business_products_open_data_insert AFTER INSERT ON business_products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_data_mark_new_rows();
CREATE TRIGGER business_products_open_data_delete AFTER DELETE ON business_products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION open_data_mark_old_rows();
CREATE TRIGGER business_alternatives_directory_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON business_alternatives
  FOR EACH STATEMENT EXECUTE FUNCTION directory_version_bump();
CREATE TRIGGER business_products_directory_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON business_products
  FOR EACH STATEMENT EXECUTE FUNCTION directory_version_bump();

-- Down Migration
DELETE FROM suggestions WHERE field_name = 'alternative_to';
ALTER TABLE suggestions DROP CONSTRAINT suggestions_field_name_check;
ALTER TABLE suggestions ADD CONSTRAINT suggestions_field_name_check CHECK (field_name IN
  ('description', 'phone', 'website', 'business_hours', 'social_media', 'proof_of_support', 'category', 'name_latin', 'special_hours'));
DROP TABLE business_product_sources;
DROP TABLE business_products;
DROP TABLE product_types;
DROP TABLE business_alternatives;
DROP TABLE brand_sources;
DROP TABLE brands;
