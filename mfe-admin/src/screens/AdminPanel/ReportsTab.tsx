import { REPORT_REASONS } from '@zaytoon/contract/client';
import { useContractLabels } from '@zaytoon/web-kit/contract-messages';
import { usePendingReports } from '../../features/admin/api/get-pending-reports';
import { useReviewReport } from '../../features/admin/api/review-report';
import { narrows } from '../../features/admin/api/admin-list';
import { useMessages } from '../../i18n/messages';
import { ReportCard } from './ReportCard';
import { QueueFilters } from './QueueFilters';
import { QueueTab, settled } from './QueueTab';
import { useQueueParams } from './queueParams';

/** Pending reports, newest first, searched by business name and filtered by reason. */
export function ReportsTab() {
  const t = useMessages();
  const label = useContractLabels();
  const params = useQueueParams();
  const filter = { search: params.read('q'), reason: params.read('reason', REPORT_REASONS) };
  const query = usePendingReports(filter, { refetchOnMount: narrows(filter) });
  const review = useReviewReport();
  return (
    <QueueTab
      name="reports"
      query={query}
      failure="loadPendingReportsFailed"
      filters={
        <QueueFilters
          key={filter.search}
          search={filter.search ?? ''}
          filter={{
            label: t('reports.reason'),
            all: t('reports.allReasons'),
            value: filter.reason,
            options: REPORT_REASONS.map((reason) => ({ value: reason, label: label('reportReason', reason) })),
          }}
          onChange={(change) => params.write({ q: change.search, reason: change.filter })}
        />
      }
      renderItem={(report, decide) => (
        <ReportCard key={report.id} report={report} onReview={(action) => decide(() => settled(review.mutateAsync({ report, action })))} />
      )}
    />
  );
}
