import { usePendingReports } from '../../features/admin/api/get-pending-reports';
import { useReviewReport } from '../../features/admin/api/review-report';
import { narrows } from '../../features/admin/api/admin-list';
import { ReportCard } from './ReportCard';
import { useReportReasonFilters } from './QueueFilters';
import { QueueTab, settled } from './QueueTab';

/** Pending reports, newest first, searched by business name and filtered by reason. */
export function ReportsTab() {
  const queue = useReportReasonFilters();
  const filter = { search: queue.search, reason: queue.value };
  const query = usePendingReports(filter, { refetchOnMount: narrows(filter) });
  const review = useReviewReport();
  return (
    <QueueTab
      name="reports"
      query={query}
      failure="loadPendingReportsFailed"
      filters={queue.form}
      renderItem={(report, decide) => (
        <ReportCard key={report.id} report={report} onReview={(action) => decide(() => settled(review.mutateAsync({ report, action })))} />
      )}
    />
  );
}
