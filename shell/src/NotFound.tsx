import { Link } from 'react-router-dom';
import { useMessages } from './i18n/messages';
import styles from './page/MessagePage.module.css';

export function NotFound() {
  const t = useMessages();
  return (
    <main className={styles.page} data-testid="not-found">
      <div className={styles.card}>
        <h1 className={styles.title}>{t('page.notFound')}</h1>
        <p>{t('notFound.text')}</p>
        <div className={styles.actions}>
          <Link className="btn btn--primary" to="/">
            {t('common.backHome')}
          </Link>
          <Link className="btn btn--outline" to="/browse">
            {t('nav.browse')}
          </Link>
        </div>
      </div>
    </main>
  );
}
