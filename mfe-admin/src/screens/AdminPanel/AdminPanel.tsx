import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage, MESSAGES, type AdminStatistics } from '@zaytoon/client';
import { useHost } from '../../host';

export function AdminPanel() {
  const { api, toast, productName } = useHost();
  const [stats, setStats] = useState<AdminStatistics | null>(null);

  useEffect(() => {
    let current = true;
    api.adminStatistics().then(
      (answer) => current && setStats(answer),
      (error) => {
        console.error('statistics failed', error);
        if (current) toast.error(errorMessage(error, MESSAGES.loadStatisticsFailed));
      },
    );
    return () => {
      current = false;
    };
  }, [api, toast]);

  return (
    <main className="za-page" data-testid="admin-panel">
      <header className="za-header">
        <Link to="/dashboard" className="za-btn za-btn--ghost">
          ← Back to Directory
        </Link>
        <h1>{productName} Admin Panel</h1>
      </header>
      <section className="za-stats" aria-label="Statistics" data-testid="admin-stats">
        <div className="za-card">
          <h2>Total Registered Users</h2>
          <p className="za-stat">{stats?.users.total ?? '–'}</p>
        </div>
        <div className="za-card">
          <h2>Total Businesses</h2>
          <p className="za-stat">{stats?.businesses.total ?? '–'}</p>
        </div>
        <div className="za-card">
          <h2>Pending Reviews</h2>
          <p className="za-stat">{stats ? stats.pending.reports + stats.pending.suggestions : '–'}</p>
        </div>
      </section>
    </main>
  );
}
