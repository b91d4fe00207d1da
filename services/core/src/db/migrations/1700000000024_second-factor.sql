-- Up Migration
-- A second factor, TOTP (RFC 6238), for any member. The secret is sealed (AES-256-GCM under the
-- job data key) so that a copy of the database alone gives no codes. `pending_secret_sealed` is the secret of a setup
-- not yet confirmed with a code; `enabled_at` is set once it is. `last_step` is the 30-second step of the last code
-- accepted: a code of that step or an earlier one is refused, so a code cannot be replayed within its window.
CREATE TABLE user_totp (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret_sealed text,
  pending_secret_sealed text,
  enabled_at timestamptz,
  last_step bigint,
  CHECK (enabled_at IS NULL OR secret_sealed IS NOT NULL)
);

-- Ten single-use recovery codes per member, given once at enabling; only their HMACs are kept.
CREATE TABLE totp_recovery_codes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  UNIQUE (user_id, code_hash)
);

-- Down Migration
DROP TABLE totp_recovery_codes;
DROP TABLE user_totp;
