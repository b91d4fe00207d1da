-- Up Migration
-- Verification that expires. Every verification (and every 'Mark unverified') is a record; the business
-- keeps the latest standing verification's date and method, from which `verified` and its status are read, so that
-- a verification expires by the calendar alone. `verified` stays for old writers and is no longer read.
CREATE TABLE verifications (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  action text NOT NULL CHECK (action IN ('verified', 'unverified')),
  method text CHECK (method IN ('Visited in person', 'Confirmed with the owner', 'Public statement', 'Community confirmations')),
  note text NOT NULL DEFAULT '',
  evidence_url text NOT NULL DEFAULT '' CHECK (evidence_url = '' OR evidence_url ~* '^https?://'),
  verified_on date NOT NULL,
  recorded_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((action = 'verified') = (method IS NOT NULL))
);
CREATE INDEX verifications_business_idx ON verifications (business_id, created_at DESC, id DESC);

ALTER TABLE businesses
  ADD COLUMN verified_on date,
  ADD COLUMN verification_method text,
  -- Set when enough members answered 'Closed' or 'No longer supportive'; cleared by the admin's next decision.
  ADD COLUMN flagged_at timestamptz;
CREATE INDEX businesses_verified_on_idx ON businesses (verified_on, id) WHERE verified_on IS NOT NULL;
CREATE INDEX businesses_never_verified_idx ON businesses (created_at, id) WHERE verified_on IS NULL;
CREATE INDEX businesses_flagged_idx ON businesses (flagged_at, id) WHERE flagged_at IS NOT NULL;

-- The old flag becomes one record each, dated today: nobody knows when those checks were made.
INSERT INTO verifications (business_id, action, method, note, verified_on)
SELECT id, 'verified', 'Community confirmations', 'Verified before verification records were kept', current_date
  FROM businesses WHERE verified;
UPDATE businesses SET verified_on = current_date, verification_method = 'Community confirmations' WHERE verified;

CREATE TABLE confirmations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  answer text NOT NULL CHECK (answer IN ('Yes', 'Closed', 'No longer supportive')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX confirmations_business_idx ON confirmations (business_id, created_at DESC);
CREATE INDEX confirmations_user_idx ON confirmations (user_id, business_id, created_at DESC);

-- Down Migration
DROP TABLE confirmations, verifications;
ALTER TABLE businesses DROP COLUMN verified_on, DROP COLUMN verification_method, DROP COLUMN flagged_at;
