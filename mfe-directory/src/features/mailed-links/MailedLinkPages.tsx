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

interface MailedLinkCardProps {
  title: string;
  testId: string;
  text?: string;
  /** Links or buttons below the text. */
  links: ReactNode;
}

function MailedLinkCard({ title, testId, text, links, role }: MailedLinkCardProps & { role?: 'status' }) {
  return (
    <>
      <NavBar />
      <main className={shared.page}>
        <div className={`${shared.card} ${shared.empty}`} data-testid={testId} role={role}>
          <h1>{title}</h1>
          {text && <p>{text}</p>}
          <div className={forms.actions}>{links}</div>
        </div>
      </main>
    </>
  );
}

/** A mailed link's page before it does anything: what the click will do, and the button that does it. */
export const MailedLinkQuestion = (props: MailedLinkCardProps) => <MailedLinkCard {...props} />;

/** A mailed link's page once it did what it says: the outcome, more words if any, and where to go next. */
export const MailedLinkDone = (props: MailedLinkCardProps) => <MailedLinkCard {...props} role="status" />;
