-- Up Migration
-- Members' photos of a business (docs/decisions/0057-photos.md). A row is 'pending' until the worker has stored its
-- WebP sizes under storage_stem and listed them in sizes; only 'ready' photos are shown. A member's photos go with
-- the account; the files under photos/<uploader_id>/ are removed by a job.
CREATE TABLE photos (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
  uploader_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  alt_text text NOT NULL,
  licence text NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'ready', 'hidden', 'removed')),
  report_count integer NOT NULL DEFAULT 0,
  -- The business's cover, which its owner or an admin picks: shown in the list row, the map popup and the embed.
  is_cover boolean NOT NULL DEFAULT false,
  -- Every file of the photo is `<storage_stem>-<width>.webp`.
  storage_stem text NOT NULL UNIQUE,
  -- [{width, height}], narrowest first: what exists under storage_stem once the photo is ready.
  sizes jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (state = 'pending' OR jsonb_array_length(sizes) > 0),
  CHECK (NOT is_cover OR state = 'ready')
);
CREATE UNIQUE INDEX photos_one_cover_idx ON photos (business_id) WHERE is_cover;
-- The admins' 'Photos' tab: recent uploads, newest first.
CREATE INDEX photos_recent_idx ON photos (created_at DESC, id DESC) WHERE state IN ('ready', 'hidden');

-- One report per member and photo; PHOTO_RULES.reportsToHide of them hide the photo until an admin reviews it.
CREATE TABLE photo_reports (
  photo_id integer NOT NULL REFERENCES photos (id) ON DELETE CASCADE,
  reporter_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (photo_id, reporter_id)
);
CREATE INDEX photos_business_ready_idx ON photos (business_id, created_at DESC, id DESC) WHERE state = 'ready';
CREATE INDEX photos_uploader_business_idx ON photos (uploader_id, business_id);

-- The open data carries each business's cover (its URL, credit and licence): choosing, hiding, removing or deleting
-- the cover marks the business for the next build, as a change of its own row does.
CREATE FUNCTION photos_open_data_mark_updated() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  PERFORM open_data_mark(ARRAY(
    SELECT n.business_id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.is_cover IS DISTINCT FROM o.is_cover));
  RETURN NULL;
END $$;
CREATE FUNCTION photos_open_data_mark_deleted() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  PERFORM open_data_mark(ARRAY(SELECT business_id FROM old_rows WHERE is_cover));
  RETURN NULL;
END $$;
CREATE TRIGGER photos_open_data_update AFTER UPDATE ON photos REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION photos_open_data_mark_updated();
CREATE TRIGGER photos_open_data_delete AFTER DELETE ON photos REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION photos_open_data_mark_deleted();

-- Down Migration
DROP TABLE photo_reports, photos;
DROP FUNCTION photos_open_data_mark_updated(), photos_open_data_mark_deleted();
