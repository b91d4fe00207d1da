import type { ReactNode } from 'react';
import { NavBar } from '../../ui/NavBar';
import { PageSpinner } from '../../ui/Spinner';
import forms from '../../ui/forms.module.css';
import shared from '../../ui/page.module.css';

/** A mailed link's page while its token is being posted. */
export function MailedLinkWaiting({ label }: { label: string }) {
  return (
    <>
      <NavBar />
      <PageSpinner label={label} />
    </>
  );
}

/** A mailed link's page once it did what it says: the outcome, more words if any, and where to go next. */
export function MailedLinkDone({ title, testId, text, links }: { title: string; testId: string; text?: string; links: ReactNode }) {
  return (
    <>
      <NavBar />
      <main className={shared.page}>
        <div className={`${shared.card} ${shared.empty}`} data-testid={testId} role="status">
          <h1>{title}</h1>
          {text && <p>{text}</p>}
          <div className={forms.actions}>{links}</div>
        </div>
      </main>
    </>
  );
}
