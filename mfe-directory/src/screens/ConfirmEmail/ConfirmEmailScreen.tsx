import { Link, useSearchParams } from 'react-router-dom';
import { useContractMessages, useErrorText } from '@zaytoon/web-kit/contract-messages';
import { MailedLinkDone } from '../../features/mailed-links/MailedLinkPages';
import { useConfirmEmail } from '../../features/account/api/use-email-confirmation';
import { useMessages } from '../../i18n/messages';
import { NavBar } from '../../ui/NavBar';
import forms from '../../ui/forms.module.css';
import shared from '../../ui/page.module.css';
import { EmptyPage } from '../EmptyPage';

/**
 * /confirm-email?token=…: the confirmation mail's link. Opening the page changes nothing (a mail
 * scanner may open it, scripts and all); the member's click on the button posts the token.
 */
export function ConfirmEmailScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirming = useConfirmEmail();
  const t = useMessages();
  const message = useContractMessages();
  const errorText = useErrorText();

  if (!token || confirming.isError) {
    return (
      <EmptyPage
        title={message('emailConfirmFailed')}
        message={token ? errorText(confirming.error, 'emailConfirmFailed') : message('emailConfirmationRequired')}
        testId="email-not-confirmed"
      />
    );
  }
  if (confirming.isSuccess) {
    return (
      <MailedLinkDone
        title={message('emailConfirmed')}
        text={t('emailConfirmation.done')}
        testId="email-confirmed"
        links={
          <Link to="/dashboard" className="btn btn--primary">
            {t('common.backToDirectory')}
          </Link>
        }
      />
    );
  }
  return (
    <>
      <NavBar />
      <main className={shared.page}>
        <div className={`${shared.card} ${shared.empty}`} data-testid="confirm-email">
          <h1>{t('emailConfirmation.title')}</h1>
          <p>{t('emailConfirmation.text')}</p>
          <div className={forms.actions}>
            <button type="button" className="btn btn--primary" onClick={() => confirming.mutate(token)} disabled={confirming.isPending}>
              {confirming.isPending ? t('emailConfirmation.confirming') : t('emailConfirmation.confirm')}
            </button>
          </div>
        </div>
      </main>
    </>
  );
}
