-- Up Migration
-- The duplicate check on /add-business, the nightly list of likely pairs, and merges.

-- The check finds a business by where it is (a box around the typed postcode's district centre, or the same
-- postcode however it was spaced or cased) and then compares names row by row: its cost is the neighbourhood's size.
CREATE INDEX businesses_position_idx ON businesses (latitude, longitude) WHERE latitude IS NOT NULL;
CREATE INDEX businesses_compact_postcode_idx ON businesses (upper(replace(postcode, ' ', '')));

-- A likely pair, stored once in id order. No foreign keys: a pair outlives a merge as its record ('merged'); the
-- lists join the businesses, so a pair whose business is gone is never shown, and the nightly job prunes open ones.
CREATE TABLE duplicate_pairs (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  first_id integer NOT NULL,
  second_id integer NOT NULL,
  score real NOT NULL,
  distance_m integer,
  -- The member added one of them while the form showed the other as 'This may already be listed'.
  added_despite_warning boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'merged', 'dismissed')),
  found_at timestamptz NOT NULL DEFAULT now(),
  decided_by integer REFERENCES users (id) ON DELETE SET NULL,
  decided_at timestamptz,
  CHECK (first_id < second_id),
  UNIQUE (first_id, second_id)
);
CREATE INDEX duplicate_pairs_open_idx ON duplicate_pairs (id) WHERE status = 'open';
CREATE INDEX duplicate_pairs_second_idx ON duplicate_pairs (second_id);

-- Where a merged business went: always the final survivor (a later merge of the survivor moves these along).
CREATE TABLE business_merges (
  from_id integer PRIMARY KEY,
  into_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  merged_by integer REFERENCES users (id) ON DELETE SET NULL,
  merged_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX business_merges_into_idx ON business_merges (into_id);

-- Down Migration
DROP TABLE business_merges, duplicate_pairs;
DROP INDEX businesses_position_idx, businesses_compact_postcode_idx;
