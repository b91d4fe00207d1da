import type { AdminStatistics } from '@zaytoon/contract/client';
import { rich } from '../../i18n/Rich';
import { useMessages, useNumberFormat } from '../../i18n/messages';
import classes from './StatisticsRow.module.css';
import card from './card.module.css';

const DASH = '–';

/** SPEC §2 statistics row. The numbers are also data attributes, for tests and tooling. */
export function StatisticsRow({ stats }: { stats: AdminStatistics | null }) {
  const t = useMessages();
  const numbers = useNumberFormat();
  // Numbers as isolated left-to-right runs: a '+' before a number stays before it in a right-to-left line.
  const total = (n: number | undefined) => <bdi dir="ltr">{n === undefined ? DASH : numbers.format(n)}</bdi>;
  const pending = stats ? stats.pending.reports + stats.pending.suggestions : undefined;
  return (
    <section className={classes.stats} aria-label={t('stats.label')} data-testid="admin-stats" data-loaded={String(Boolean(stats))}>
      <div
        className={card.card}
        data-testid="stat-users"
        data-total={stats?.users.total}
        data-admins={stats?.users.admins}
        data-regular={stats?.users.regular}
        data-recent={stats?.users.recent_registrations}
      >
        <h2 className={classes.title}>{t('stats.users')}</h2>
        <p className={classes.number}>{total(stats?.users.total)}</p>
        {stats && (
          <>
            <p className={classes.detail}>{t('stats.usersDetail', { admins: stats.users.admins, regular: stats.users.regular })}</p>
            <p className={`${classes.detail} ${card.positive}`}>
              {rich(t, 'stats.recent', { count: <bdi dir="ltr">+{numbers.format(stats.users.recent_registrations)}</bdi> })}
            </p>
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
        <h2 className={classes.title}>{t('stats.businesses')}</h2>
        <p className={classes.number}>{total(stats?.businesses.total)}</p>
        {stats && (
          <p className={classes.detail}>
            {t('stats.businessesDetail', { verified: stats.businesses.verified, unverified: stats.businesses.unverified })}
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
        <h2 className={classes.title}>{t('stats.pending')}</h2>
        <p className={classes.number}>{total(pending)}</p>
        {stats && (
          <p className={classes.detail}>{t('stats.pendingDetail', { reports: stats.pending.reports, suggestions: stats.pending.suggestions })}</p>
        )}
      </div>
    </section>
  );
}
