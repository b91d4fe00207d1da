import { Link } from 'react-router-dom';
import { NavBar } from '../ui/NavBar';

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
  return (
    <>
      <NavBar variant={navVariant} />
      <main className="zd-page">
        <div className="zd-card zd-empty" data-testid={testId}>
          <h1>{title}</h1>
          <p>{message}</p>
          <Link to="/dashboard" className="zd-btn zd-btn--primary">
            Back to Directory
          </Link>
        </div>
      </main>
    </>
  );
}
