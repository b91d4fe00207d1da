-- Up Migration
-- One of the business's own photos may show the Palestinian products it stocks, beside or instead of a source
-- (docs/decisions/0059-alternatives-and-palestinian-products.md). It shows only while the photo is listed ('ready').
CREATE TABLE business_product_photos (
  business_id integer PRIMARY KEY REFERENCES businesses (id) ON DELETE CASCADE,
  photo_id integer NOT NULL REFERENCES photos (id) ON DELETE CASCADE
);
CREATE INDEX business_product_photos_photo ON business_product_photos (photo_id);

-- Down Migration
DROP TABLE business_product_photos;
