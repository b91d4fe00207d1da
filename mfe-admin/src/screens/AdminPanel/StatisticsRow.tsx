import type { AdminStatistics } from '@zaytoon/client';

export function StatisticsRow({ stats }: { stats: AdminStatistics | null }) {
  const dash = '–';
  return (
    <section className="za-stats" aria-label="Statistics" data-testid="admin-stats">
      <div className="za-card za-stat-card" data-testid="stat-users">
        <h2 className="za-stat-card__title">Total Registered Users</h2>
        <p className="za-stat">{stats?.users.total ?? dash}</p>
        <p className="za-stat-card__detail">
          {stats ? `${stats.users.admins} admins, ${stats.users.regular} regular` : ''}
        </p>
        <p className="za-stat-card__detail za-positive">
          {stats ? `+${stats.users.recent_registrations} in last 7 days` : ''}
        </p>
      </div>
      <div className="za-card za-stat-card" data-testid="stat-businesses">
        <h2 className="za-stat-card__title">Total Businesses</h2>
        <p className="za-stat">{stats?.businesses.total ?? dash}</p>
        <p className="za-stat-card__detail">
          {stats ? `${stats.businesses.verified} verified, ${stats.businesses.unverified} unverified` : ''}
        </p>
      </div>
      <div className="za-card za-stat-card" data-testid="stat-pending">
        <h2 className="za-stat-card__title">Pending Reviews</h2>
        <p className="za-stat">{stats ? stats.pending.reports + stats.pending.suggestions : dash}</p>
        <p className="za-stat-card__detail">
          {stats ? `${stats.pending.reports} reports, ${stats.pending.suggestions} suggestions` : ''}
        </p>
      </div>
    </section>
  );
}
