-- Up Migration
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  username text NOT NULL,
  name text NOT NULL,
  password_hash text NOT NULL,
  picture text,
  is_admin boolean NOT NULL DEFAULT false,
  reset_failures_in_row integer NOT NULL DEFAULT 0,
  reset_locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE INDEX users_created_at_idx ON users (created_at);

CREATE TABLE businesses (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id integer REFERENCES users (id) ON DELETE SET NULL,
  name text NOT NULL CHECK (length(btrim(name)) > 0),
  address text NOT NULL CHECK (length(btrim(address)) > 0),
  city text NOT NULL CHECK (length(btrim(city)) > 0),
  postcode text NOT NULL CHECK (length(btrim(postcode)) > 0),
  category text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  website text NOT NULL DEFAULT '' CHECK (website = '' OR website ~* '^https?://'),
  proof_of_support text NOT NULL DEFAULT '',
  business_hours jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(business_hours) = 'object'),
  social_media jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(social_media) = 'object'),
  latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision CHECK (longitude BETWEEN -180 AND 180),
  upvotes integer NOT NULL DEFAULT 0 CHECK (upvotes >= 0),
  downvotes integer NOT NULL DEFAULT 0 CHECK (downvotes >= 0),
  vote_score integer GENERATED ALWAYS AS (upvotes - downvotes) STORED,
  verified boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  search_text text GENERATED ALWAYS AS (
    lower(name || ' ' || description || ' ' || category || ' ' || city || ' ' || postcode || ' ' || address)
  ) STORED,
  search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', name), 'A') ||
    setweight(to_tsvector('simple', category || ' ' || city || ' ' || postcode), 'B') ||
    setweight(to_tsvector('english', description || ' ' || address), 'C')
  ) STORED
);
CREATE INDEX businesses_search_text_trgm_idx ON businesses USING gin (search_text gin_trgm_ops);
CREATE INDEX businesses_name_trgm_idx ON businesses USING gin (lower(name) gin_trgm_ops);
CREATE INDEX businesses_search_vector_idx ON businesses USING gin (search_vector);
CREATE INDEX businesses_category_idx ON businesses (lower(category));
CREATE INDEX businesses_city_idx ON businesses (lower(city));
CREATE INDEX businesses_owner_idx ON businesses (owner_id);
CREATE INDEX businesses_postcode_idx ON businesses (postcode);

CREATE TABLE votes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  vote_type text NOT NULL CHECK (vote_type IN ('upvote', 'downvote')),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT votes_one_per_user UNIQUE (business_id, user_id)
);
CREATE INDEX votes_user_idx ON votes (user_id);

-- Keeps businesses.upvotes/downvotes equal to the votes rows, whoever writes them.
CREATE FUNCTION votes_keep_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE businesses SET
      upvotes = upvotes - (OLD.vote_type = 'upvote')::int,
      downvotes = downvotes - (OLD.vote_type = 'downvote')::int
    WHERE id = OLD.business_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE businesses SET
      upvotes = upvotes + (NEW.vote_type = 'upvote')::int,
      downvotes = downvotes + (NEW.vote_type = 'downvote')::int
    WHERE id = NEW.business_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER votes_keep_totals AFTER INSERT OR DELETE OR UPDATE OF vote_type, business_id ON votes
  FOR EACH ROW EXECUTE FUNCTION votes_keep_totals();

CREATE TABLE comments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  comment_text text NOT NULL CHECK (length(comment_text) BETWEEN 3 AND 1000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX comments_business_idx ON comments (business_id, created_at DESC);
CREATE INDEX comments_user_idx ON comments (user_id);

CREATE TABLE suggestions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  field_name text NOT NULL CHECK (field_name IN
    ('description', 'phone', 'website', 'business_hours', 'social_media', 'proof_of_support', 'category')),
  suggested_value text NOT NULL,
  current_value text NOT NULL DEFAULT '',
  reason text NOT NULL DEFAULT '',
  suggestion_type text NOT NULL CHECK (suggestion_type IN ('add_missing', 'edit_existing')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reviewed_by integer REFERENCES users (id) ON DELETE SET NULL,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX suggestions_pending_idx ON suggestions (business_id, created_at DESC) WHERE status = 'pending';
CREATE INDEX suggestions_user_idx ON suggestions (user_id);

CREATE TABLE reports (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  reported_by integer REFERENCES users (id) ON DELETE SET NULL,
  reason text NOT NULL CHECK (reason IN ('Inaccurate information', 'Does not support Palestine',
    'Business closed/moved', 'Inappropriate content', 'Spam or duplicate', 'Other')),
  description text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  reviewed_by integer REFERENCES users (id) ON DELETE SET NULL,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reports_pending_idx ON reports (business_id, created_at DESC) WHERE status = 'pending';

CREATE TABLE reset_codes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reset_codes_user_idx ON reset_codes (user_id, created_at DESC);

CREATE TABLE audit_log (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_id integer REFERENCES users (id) ON DELETE SET NULL,
  action text NOT NULL,
  target_type text NOT NULL,
  target_id integer,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC);

CREATE TABLE statistics_rollup (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  statistics jsonb NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE statistics_rollup, audit_log, reset_codes, reports, suggestions, comments, votes, businesses, users;
DROP FUNCTION votes_keep_totals();
