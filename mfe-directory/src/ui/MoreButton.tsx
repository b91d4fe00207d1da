import type { ReactNode } from 'react';
import { InlineSpinner } from './Spinner';
import classes from './MoreButton.module.css';

/** The button under a list read page by page: asks for the next page, busy while it loads. */
export function MoreButton({ loading, onMore, children, testId }: { loading: boolean; onMore: () => void; children: ReactNode; testId?: string }) {
  return (
    <button type="button" className={`btn btn--outline ${classes.more}`} onClick={onMore} disabled={loading} aria-busy={loading} data-testid={testId}>
      {loading && <InlineSpinner />}
      {children}
    </button>
  );
}
