-- Up Migration
-- The language a member chose for the site and its mails (null: never chosen; mails then follow the
-- request that caused them).
ALTER TABLE users ADD COLUMN language text CHECK (language IN ('en', 'ar', 'ur', 'cy'));

-- Down Migration
ALTER TABLE users DROP COLUMN language;
