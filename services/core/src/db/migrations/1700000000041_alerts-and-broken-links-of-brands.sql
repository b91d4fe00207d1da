-- Up Migration
-- An alert keeps /browse's 'Alternative to…' (a brand's slug, which never changes) and 'Palestinian products' (a
-- product type's slug, or 'any'), as the filters of a shared link do (docs/decisions/0023-alerts.md). Two alerts that
-- differ only there are two alerts.
ALTER TABLE alerts ADD COLUMN alternative_to text, ADD COLUMN palestinian_product text;
DROP INDEX alerts_member_filters_idx;
CREATE UNIQUE INDEX alerts_member_filters_idx
  ON alerts (user_id, lower(coalesce(city, '')), lower(coalesce(category, '')), lower(coalesce(search, '')), coalesce(verified::text, ''), open_now,
             lower(coalesce(alternative_to, '')), lower(coalesce(palestinian_product, '')));

-- The admins' 'Broken links' lists brands' and products' sources beside businesses', each list by its broken sources.
CREATE INDEX brand_sources_broken ON brand_sources (id) WHERE link_status = 'broken';
CREATE INDEX business_product_sources_broken ON business_product_sources (id) WHERE link_status = 'broken';

-- Down Migration
DROP INDEX business_product_sources_broken;
DROP INDEX brand_sources_broken;
DELETE FROM alerts WHERE alternative_to IS NOT NULL OR palestinian_product IS NOT NULL;
DROP INDEX alerts_member_filters_idx;
CREATE UNIQUE INDEX alerts_member_filters_idx
  ON alerts (user_id, lower(coalesce(city, '')), lower(coalesce(category, '')), lower(coalesce(search, '')), coalesce(verified::text, ''), open_now);
ALTER TABLE alerts DROP COLUMN palestinian_product, DROP COLUMN alternative_to;
