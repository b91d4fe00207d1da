import { Link } from 'react-router-dom';
import styles from './page/MessagePage.module.css';

export const NOT_FOUND_TITLE = 'Page not found';

export function NotFound() {
  return (
    <main className={styles.page} data-testid="not-found">
      <div className={styles.card}>
        <h1 className={styles.title}>{NOT_FOUND_TITLE}</h1>
        <p>The page you are looking for does not exist.</p>
        <div className={styles.actions}>
          <Link className="btn btn--primary" to="/">
            Back to Home
          </Link>
          <Link className="btn btn--outline" to="/browse">
            Browse Businesses
          </Link>
        </div>
      </div>
    </main>
  );
}
