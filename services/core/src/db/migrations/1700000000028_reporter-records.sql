-- Up Migration
-- How each member's reports ended, kept apart from the reports: an approved report goes with its business (the
-- moderation cascade deletes the business's reports), and so do the reports of a business an admin deletes, but the
-- reporter's record must stay. 'upheld': the report was pending on a business when an admin approved a report on it
-- (the approved one included); 'rejected': an admin rejected it.
CREATE TABLE report_outcomes (
  report_id integer PRIMARY KEY,
  reporter_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  outcome text NOT NULL CHECK (outcome IN ('upheld', 'rejected')),
  decided_at timestamptz NOT NULL DEFAULT now()
);
-- The admins' report lists count both outcomes for each reporter on the page from this index alone.
CREATE INDEX report_outcomes_reporter_idx ON report_outcomes (reporter_id, outcome);

INSERT INTO report_outcomes (report_id, reporter_id, outcome, decided_at)
SELECT r.id, r.reported_by, CASE WHEN r.status = 'rejected' THEN 'rejected' ELSE 'upheld' END, coalesce(r.reviewed_at, r.created_at)
  FROM reports r
 WHERE r.reported_by IS NOT NULL
   AND (r.status IN ('approved', 'rejected')
        OR EXISTS (SELECT 1 FROM reports a WHERE a.business_id = r.business_id AND a.status = 'approved'));

-- Down Migration
DROP TABLE report_outcomes;
