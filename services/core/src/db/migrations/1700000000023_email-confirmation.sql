-- Up Migration
-- A member's email address counts only once they have opened a mailed link and confirmed it.
-- Alerts, the claims' 'email domain matches' hint and owners' reminders need a confirmed address. Accounts made
-- before this migration are unconfirmed (nobody proved their address); `npm run seed` confirms the dev admin and
-- the demo members it makes.
ALTER TABLE users ADD COLUMN email_confirmed_at timestamptz;

-- The mailed links: the raw token is only in the mail. Single use, expiring; a new link replaces the member's
-- unused ones. The address it was mailed to is kept: a link confirms that address and no other.
CREATE TABLE email_confirmation_tokens (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_confirmation_tokens_user_idx ON email_confirmation_tokens (user_id);

-- Down Migration
DROP TABLE email_confirmation_tokens;
ALTER TABLE users DROP COLUMN email_confirmed_at;
