import { Suspense, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { returnTargetOf, type AppRoute, type LoginLocationState, type RemoteName } from '@zaytoon/contract/client';
import { useHost, useSession } from '@zaytoon/web-kit';
import styles from '../page/MessagePage.module.css';
import { useMessages } from '../i18n/messages';
import { Spinner } from '../Spinner';
import { RemoteBoundary } from './RemoteBoundary';
import type { RemoteRegistry } from './registry';

/**
 * Applies SPEC §2 access rules before a remote is even requested:
 * protected routes wait for the session (spinner) and send visitors to /login;
 * /login sends a logged-in user back where they came from, else to /dashboard; the admin remote downloads only for admins.
 */
export function RouteGate({ route, registry }: { route: AppRoute; registry: RemoteRegistry }) {
  const status = useSession((state) => state.status);
  const user = useSession((state) => state.user);
  const location = useLocation();
  const t = useMessages();

  if (route.access !== 'public' && status === 'loading') return <Spinner label={t('session.checking')} />;
  if ((route.access === 'protected' || route.access === 'admin') && !user) {
    const state: LoginLocationState = { from: location.pathname + location.search };
    return <Navigate to="/login" replace state={state} />;
  }
  // Logging in lands here too: the page the visitor came from, else SPEC's /dashboard.
  if (route.access === 'guest' && user) return <Navigate to={returnTargetOf(location.state) ?? '/dashboard'} replace />;
  if (route.access === 'admin' && user && !user.is_admin) return <AdminOnly />;

  return <RemoteScreen name={route.owner as RemoteName} route={route} registry={registry} />;
}

function RemoteScreen({ name, route, registry }: { name: RemoteName; route: AppRoute; registry: RemoteRegistry }) {
  const host = useHost();
  const [attempt, setAttempt] = useState(0);
  const Root = registry.get(name);
  const retry = () => {
    registry.reset(name);
    setAttempt((count) => count + 1);
  };
  return (
    <RemoteBoundary key={attempt} name={name} onRetry={retry}>
      <Suspense fallback={<Spinner />}>
        {/* eslint-disable-next-line react-hooks/static-components -- not made here: the registry hands back the remote's one cached lazy component (a new one only after reset, for Try again) */}
        <Root host={host} screen={route.screen} />
      </Suspense>
    </RemoteBoundary>
  );
}

function AdminOnly() {
  const t = useMessages();
  return (
    <main className={styles.page} data-testid="admin-only">
      <div className={styles.card} role="alert">
        <h1 className={styles.title}>{t('adminOnly.title')}</h1>
        <p>{t('adminOnly.text')}</p>
        <div className={styles.actions}>
          <Link className="btn btn--primary" to="/dashboard">
            {t('adminOnly.back')}
          </Link>
        </div>
      </div>
    </main>
  );
}
