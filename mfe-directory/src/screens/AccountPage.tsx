import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { NavBar } from '../ui/NavBar';

/** Frame of a member's account pages: the top bar, a narrow column and the link back to the directory. */
export function AccountPage({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <>
      <NavBar />
      <main className="zd-page zd-narrow" data-testid={testId}>
        <p>
          <Link to="/dashboard">← Back to Directory</Link>
        </p>
        {children}
      </main>
    </>
  );
}
