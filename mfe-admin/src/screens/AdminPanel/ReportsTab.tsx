import type { Report, ReviewAction } from '@zaytoon/contract/client';
import { ReportCard } from './ReportCard';
import type { MorePages } from './LoadMore';
import { QueueTab } from './QueueTab';

/** Pending reports, newest first; `more` reads the queue's next page. */
export function ReportsTab({
  reports,
  onReview,
  more,
}: {
  reports: Report[];
  onReview: (report: Report, action: ReviewAction) => Promise<unknown>;
  more?: MorePages;
}) {
  return (
    <QueueTab
      name="reports"
      items={reports}
      more={more}
      renderItem={(report) => <ReportCard key={report.id} report={report} onReview={(action) => onReview(report, action)} />}
    />
  );
}
