import type { DirectoryFilter } from '@zaytoon/contract/client';
import { useSession } from '@zaytoon/web-kit';
import { useListMessages } from '../../i18n/list-messages';
import { PageSpinner } from '../../ui/Spinner';
import { BusinessRow } from '../../screens/Directory/BusinessRow';
import { LoadFailed } from '../../screens/Directory/LoadFailed';
import shared from '../../ui/page.module.css';
import { useNearbyBusinesses } from './api/near-me-queries';
import type { NearPoint } from './near-point';
import styles from './NearMe.module.css';

/**
 * The Locations view near a point: the filters' mapped businesses nearest first, each with its distance, page after
 * page. Without a point (a brand's page before 'Near me'), the same list in the directory's order.
 */
export default function NearbyList({ filter, near }: { filter: DirectoryFilter; near: NearPoint | null }) {
  const t = useListMessages();
  const isAdmin = useSession((state) => state.user?.is_admin ?? false);
  const nearby = useNearbyBusinesses(filter, near);
  if (nearby.isPending) return <PageSpinner label={t('directory.loadingBusinesses')} />;
  if (nearby.isError && !nearby.data) return <LoadFailed onRetry={() => void nearby.refetch()} retrying={nearby.isFetching} />;
  const businesses = nearby.data.pages.flatMap((page) => page.items);
  if (businesses.length === 0) {
    return (
      <div className={`${shared.card} ${shared.empty}`} data-testid="directory-empty">
        <h2>{t('directory.empty')}</h2>
        <p>{t('directory.emptyHint')}</p>
      </div>
    );
  }
  return (
    <section className={styles.list} data-testid="nearby-list" aria-label={near ? t('nearMe.sorted') : undefined}>
      {businesses.map((business) => (
        <BusinessRow key={business.id} business={business} isAdmin={isAdmin} />
      ))}
      {nearby.isFetchNextPageError && <LoadFailed compact onRetry={() => void nearby.fetchNextPage()} retrying={nearby.isFetchingNextPage} />}
      {nearby.hasNextPage && !nearby.isFetchNextPageError && (
        <button type="button" className="btn btn--outline" onClick={() => void nearby.fetchNextPage()} disabled={nearby.isFetchingNextPage}>
          {nearby.isFetchingNextPage ? t('common.loading') : t('nearMe.more')}
        </button>
      )}
    </section>
  );
}
