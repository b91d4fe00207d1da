-- Up Migration
-- 'Alternative to…' and the search box find a brand by its name folded as the directory folds names (search_fold,
-- migration 013): 'nestle' finds Nestlé. The trigram index moves to the folded name.
CREATE INDEX brands_name_fold_trgm ON brands USING gin (search_fold(name) gin_trgm_ops);
DROP INDEX brands_name_trgm;

-- Down Migration
CREATE INDEX brands_name_trgm ON brands USING gin (lower(name) gin_trgm_ops);
DROP INDEX brands_name_fold_trgm;
