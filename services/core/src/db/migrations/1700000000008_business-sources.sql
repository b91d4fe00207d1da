-- Up Migration
-- Proof of support becomes a list of sources. businesses.proof_of_support stays as the sources'
-- text joined (kept by the sources service) so old clients, lists and search read one column.
-- The id follows the other tables (an identity column); every other column is as agreed for link checks.
CREATE TABLE business_sources (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('Public statement', 'Donation or fundraiser', 'In-store sign', 'Social media post', 'Other')),
  url text,
  description text NOT NULL,
  source_date date NOT NULL,
  added_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- link checks (filled by the worker)
  link_status text NOT NULL DEFAULT 'unchecked' CHECK (link_status IN ('unchecked', 'ok', 'failing', 'broken')),
  link_http_status integer,
  link_final_url text,
  link_checked_at timestamptz,
  link_failures integer NOT NULL DEFAULT 0,
  archived_title text,
  archived_excerpt text
);
CREATE INDEX business_sources_business ON business_sources (business_id, id);
CREATE INDEX business_sources_broken ON business_sources (id) WHERE link_status = 'broken';

-- Old free text becomes one 'Other' source dated when the business was listed; its text stays as it was.
INSERT INTO business_sources (business_id, kind, description, source_date, added_by, created_at)
SELECT id, 'Other', btrim(proof_of_support), created_at::date, owner_id, created_at
  FROM businesses WHERE btrim(proof_of_support) <> ''
 ORDER BY id;

-- Down Migration
DROP TABLE business_sources;
