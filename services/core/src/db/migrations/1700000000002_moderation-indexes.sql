-- Up Migration
-- Every public query excludes businesses with an approved report; the cascade deletes by business.
CREATE INDEX reports_approved_idx ON reports (business_id) WHERE status = 'approved';
CREATE INDEX reports_business_idx ON reports (business_id);
CREATE INDEX suggestions_business_idx ON suggestions (business_id);

-- Down Migration
DROP INDEX reports_approved_idx, reports_business_idx, suggestions_business_idx;
