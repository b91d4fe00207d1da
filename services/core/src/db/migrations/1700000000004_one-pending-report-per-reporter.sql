-- Up Migration
-- One pending report per member and business. A member's earlier duplicates keep only their first
-- pending report; reviewed reports and those of deleted accounts (reported_by NULL) are not concerned.
DELETE FROM reports later USING reports first
 WHERE later.status = 'pending' AND first.status = 'pending'
   AND later.business_id = first.business_id AND later.reported_by = first.reported_by
   AND (first.created_at, first.id) < (later.created_at, later.id);
CREATE UNIQUE INDEX reports_one_pending_per_reporter_idx ON reports (business_id, reported_by) WHERE status = 'pending';

-- Down Migration
DROP INDEX reports_one_pending_per_reporter_idx;
