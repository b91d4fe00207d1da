import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { NavBar } from '../ui/NavBar';
import { useMessages } from '../i18n/messages';
import account from './AccountPage.module.css';
import shared from '../ui/page.module.css';

/** Frame of a member's account pages: the top bar, a narrow column and the link back to the directory. */
export function AccountPage({ testId, children }: { testId: string; children: ReactNode }) {
  const t = useMessages();
  return (
    <>
      <NavBar />
      <main className={`${shared.page} ${account.narrow}`} data-testid={testId}>
        <p>
          <Link to="/dashboard">
            <span className={shared.flip}>←</span> {t('common.backToDirectory')}
          </Link>
        </p>
        {children}
      </main>
    </>
  );
}
