import { Component, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { RemoteName } from '@zaytoon/contract/client';
import styles from '../page/MessagePage.module.css';

export const REMOTE_UNAVAILABLE: Record<RemoteName, string> = {
  directory: 'The directory is unavailable right now.',
  admin: 'The admin panel is unavailable right now.',
};

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
    return (
      <main className={styles.page} data-testid="remote-unavailable" data-remote={this.props.name}>
        <div className={styles.card} role="alert">
          <h1 className={styles.title}>{REMOTE_UNAVAILABLE[this.props.name]}</h1>
          <p>Please try again in a moment.</p>
          <div className={styles.actions}>
            <button type="button" className="btn btn--primary" onClick={this.retry}>
              Try again
            </button>
            <Link className="btn btn--outline" to="/">
              Back to Home
            </Link>
          </div>
        </div>
      </main>
    );
  }
}
