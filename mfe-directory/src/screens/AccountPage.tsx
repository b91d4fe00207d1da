import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { NavBar } from '../ui/NavBar';
import account from './AccountPage.module.css';
import shared from '../ui/page.module.css';

/** Frame of a member's account pages: the top bar, a narrow column and the link back to the directory. */
export function AccountPage({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <>
      <NavBar />
      <main className={`${shared.page} ${account.narrow}`} data-testid={testId}>
        <p>
          <Link to="/dashboard">← Back to Directory</Link>
        </p>
        {children}
      </main>
    </>
  );
}
