import type { Business } from '@zaytoon/contract/client';
import { ReportedBusinessCard } from './ReportedBusinessCard';
import type { MorePages } from './LoadMore';
import { QueueTab } from './QueueTab';

/** Reported businesses, most reported first; `more` reads the queue's next page. */
export function BusinessesTab({
  businesses,
  onDelete,
  more,
}: {
  businesses: Business[];
  onDelete: (business: Business) => Promise<unknown>;
  more?: MorePages;
}) {
  return (
    <QueueTab
      name="businesses"
      items={businesses}
      more={more}
      renderItem={(business) => <ReportedBusinessCard key={business.id} business={business} onDelete={() => onDelete(business)} />}
    />
  );
}
