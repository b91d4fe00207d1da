-- Up Migration
-- A repeat reset request within the code's life re-sends the live code, so the API must
-- recover it: it is kept sealed (AES-256-GCM, key of the API and worker), never in plain text.
ALTER TABLE reset_codes ADD COLUMN code_sealed text;

-- Down Migration
ALTER TABLE reset_codes DROP COLUMN code_sealed;
