-- Up Migration
-- Owner claims. A member claims a business with evidence; an admin approves (the claimant
-- becomes owner_id and the ownership is marked claimed) or rejects. owner_id alone stays 'who added it':
-- 'Managed by its owner' reads owner_claimed_at.
CREATE TABLE owner_claims (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  evidence text NOT NULL,
  email_domain_matches boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reviewed_by integer REFERENCES users (id) ON DELETE SET NULL,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- One pending claim per member and business; decided ones stay as history.
CREATE UNIQUE INDEX owner_claims_one_pending_idx ON owner_claims (business_id, user_id) WHERE status = 'pending';
CREATE INDEX owner_claims_pending_idx ON owner_claims (created_at, id) WHERE status = 'pending';

ALTER TABLE businesses
  ADD COLUMN owner_claimed_at timestamptz,
  -- The last freshness reminder mailed to the claimed owner (null: none yet; the claim's approval counts as one).
  ADD COLUMN owner_reminded_at timestamptz,
  -- The owner's last 'Everything is still accurate'.
  ADD COLUMN owner_confirmed_at timestamptz;
CREATE INDEX businesses_owner_reminder_idx ON businesses ((coalesce(owner_reminded_at, owner_claimed_at)), id)
  WHERE owner_claimed_at IS NOT NULL;

-- The one-click links of freshness reminders: the raw token is only in the mail; single use, 30 days.
CREATE TABLE freshness_tokens (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX freshness_tokens_business_idx ON freshness_tokens (business_id);

-- Every 'Everything is still accurate', kept as history (businesses.owner_confirmed_at is the latest).
CREATE TABLE owner_confirmations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  token_id integer REFERENCES freshness_tokens (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX owner_confirmations_business_idx ON owner_confirmations (business_id, created_at DESC);

-- Down Migration
DROP TABLE owner_confirmations, freshness_tokens, owner_claims;
ALTER TABLE businesses DROP COLUMN owner_claimed_at, DROP COLUMN owner_reminded_at, DROP COLUMN owner_confirmed_at;
