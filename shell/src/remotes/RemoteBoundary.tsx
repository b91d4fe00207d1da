import { Component, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { RemoteName } from '@zaytoon/contract/client';
import { useMessages } from '../i18n/messages';
import styles from '../page/MessagePage.module.css';

const UNAVAILABLE = { directory: 'remote.directoryUnavailable', admin: 'remote.adminUnavailable' } as const;

interface Props {
  name: RemoteName;
  onRetry?: () => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** One per remote: a remote that cannot load (or crashes) never takes the shell down. */
export class RemoteBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(`[shell] the ${this.props.name} remote failed`, error);
  }

  retry = () => {
    this.props.onRetry?.();
    this.setState({ failed: false });
  };

  render() {
    if (!this.state.failed) return this.props.children;
    return <RemoteUnavailable name={this.props.name} onRetry={this.retry} />;
  }
}

function RemoteUnavailable({ name, onRetry }: { name: RemoteName; onRetry: () => void }) {
  const t = useMessages();
  return (
    <main className={styles.page} data-testid="remote-unavailable" data-remote={name}>
      <div className={styles.card} role="alert">
        <h1 className={styles.title}>{t(UNAVAILABLE[name])}</h1>
        <p>{t('remote.tryLater')}</p>
        <div className={styles.actions}>
          <button type="button" className="btn btn--primary" onClick={onRetry}>
            {t('common.tryAgain')}
          </button>
          <Link className="btn btn--outline" to="/">
            {t('common.backHome')}
          </Link>
        </div>
      </div>
    </main>
  );
}
