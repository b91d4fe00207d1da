import { useDeleteBusiness } from '../../features/admin/api/delete-business';
import { useReportedBusinesses } from '../../features/admin/api/get-reported-businesses';
import { narrows } from '../../features/admin/api/admin-list';
import { ReportedBusinessCard } from './ReportedBusinessCard';
import { useReportReasonFilters } from './QueueFilters';
import { QueueTab, settled } from './QueueTab';

/** Reported businesses, most reported first, searched by name and filtered by the reason of a pending report. */
export function BusinessesTab() {
  const queue = useReportReasonFilters();
  const filter = { search: queue.search, reason: queue.value };
  const query = useReportedBusinesses(filter, { refetchOnMount: narrows(filter) });
  const deleteBusiness = useDeleteBusiness();
  return (
    <QueueTab
      name="businesses"
      query={query}
      failure="loadReportedBusinessesFailed"
      filters={queue.form}
      renderItem={(business, decide) => (
        <ReportedBusinessCard key={business.id} business={business} onDelete={() => decide(() => settled(deleteBusiness.mutateAsync(business)))} />
      )}
    />
  );
}
