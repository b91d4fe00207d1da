import { useDeleteBusiness } from '../../features/admin/api/delete-business';
import { useReportedBusinesses } from '../../features/admin/api/get-reported-businesses';
import { ReportedBusinessCard } from './ReportedBusinessCard';
import { QueueTab, settled } from './QueueTab';

/** Reported businesses, most reported first. */
export function BusinessesTab() {
  const query = useReportedBusinesses({ refetchOnMount: false });
  const deleteBusiness = useDeleteBusiness();
  return (
    <QueueTab
      name="businesses"
      query={query}
      failure="loadReportedBusinessesFailed"
      renderItem={(business, decide) => (
        <ReportedBusinessCard key={business.id} business={business} onDelete={() => decide(() => settled(deleteBusiness.mutateAsync(business)))} />
      )}
    />
  );
}
