import { Link } from 'react-router-dom';
import { NavBar } from '../ui/NavBar';
import { useMessages } from '../i18n/messages';
import shared from '../ui/page.module.css';

/** A page with nothing to show: the top bar, a title, one line why, and the way back to the directory. */
export function EmptyPage({
  title,
  message,
  navVariant,
  testId,
}: {
  title: string;
  message: string;
  navVariant?: 'directory' | 'detail';
  testId?: string;
}) {
  const t = useMessages();
  return (
    <>
      <NavBar variant={navVariant} />
      <main className={shared.page}>
        <div className={`${shared.card} ${shared.empty}`} data-testid={testId}>
          <h1>{title}</h1>
          <p>{message}</p>
          <Link to="/dashboard" className="btn btn--primary">
            {t('common.backToDirectory')}
          </Link>
        </div>
      </main>
    </>
  );
}
