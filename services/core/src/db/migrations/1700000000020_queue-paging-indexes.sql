-- Up Migration
-- Keyset pages newest first (issue #30 point 6): a business's comments, and the admins' pending reports and
-- suggestions, each read in (created_at DESC, id DESC) order from an index, whatever the page's depth.
CREATE INDEX comments_business_page_idx ON comments (business_id, created_at DESC, id DESC);
DROP INDEX comments_business_idx;
CREATE INDEX reports_pending_page_idx ON reports (created_at DESC, id DESC) WHERE status = 'pending';
CREATE INDEX suggestions_pending_page_idx ON suggestions (created_at DESC, id DESC) WHERE status = 'pending';

-- Down Migration
DROP INDEX comments_business_page_idx, reports_pending_page_idx, suggestions_pending_page_idx;
CREATE INDEX comments_business_idx ON comments (business_id, created_at DESC);
