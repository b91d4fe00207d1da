-- Up Migration
-- A session is valid only for the generation it logged in with; a password change, a reset or an
-- account deletion bumps it, so a session the per-user index no longer lists still ends.
ALTER TABLE users ADD COLUMN session_generation integer NOT NULL DEFAULT 0;

-- Down Migration
ALTER TABLE users DROP COLUMN session_generation;
