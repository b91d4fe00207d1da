import type { AdminStatistics } from '@zaytoon/contract/client';
import classes from './StatisticsRow.module.css';
import card from './card.module.css';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const DASH = '–';

/** SPEC §2 statistics row. The numbers are also data attributes, for tests and tooling. */
export function StatisticsRow({ stats }: { stats: AdminStatistics | null }) {
  const pending = stats ? stats.pending.reports + stats.pending.suggestions : undefined;
  return (
    <section className={classes.stats} aria-label="Statistics" data-testid="admin-stats" data-loaded={String(Boolean(stats))}>
      <div
        className={card.card}
        data-testid="stat-users"
        data-total={stats?.users.total}
        data-admins={stats?.users.admins}
        data-regular={stats?.users.regular}
        data-recent={stats?.users.recent_registrations}
      >
        <h2 className={classes.title}>Total Registered Users</h2>
        <p className={classes.number}>{stats?.users.total ?? DASH}</p>
        {stats && (
          <>
            <p className={classes.detail}>
              {count(stats.users.admins, 'admin', 'admins')}, {stats.users.regular} regular
            </p>
            <p className={`${classes.detail} ${card.positive}`}>+{stats.users.recent_registrations} in last 7 days</p>
          </>
        )}
      </div>
      <div
        className={card.card}
        data-testid="stat-businesses"
        data-total={stats?.businesses.total}
        data-verified={stats?.businesses.verified}
        data-unverified={stats?.businesses.unverified}
      >
        <h2 className={classes.title}>Total Businesses</h2>
        <p className={classes.number}>{stats?.businesses.total ?? DASH}</p>
        {stats && (
          <p className={classes.detail}>
            {stats.businesses.verified} verified, {stats.businesses.unverified} unverified
          </p>
        )}
      </div>
      <div
        className={card.card}
        data-testid="stat-pending"
        data-total={pending}
        data-reports={stats?.pending.reports}
        data-suggestions={stats?.pending.suggestions}
      >
        <h2 className={classes.title}>Pending Reviews</h2>
        <p className={classes.number}>{pending ?? DASH}</p>
        {stats && (
          <p className={classes.detail}>
            {count(stats.pending.reports, 'report', 'reports')}, {count(stats.pending.suggestions, 'suggestion', 'suggestions')}
          </p>
        )}
      </div>
    </section>
  );
}
