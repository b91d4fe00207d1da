import { Link, useSearchParams } from 'react-router-dom';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';
import { MailedLinkDone, MailedLinkQuestion } from '../../features/mailed-links/MailedLinkPages';
import { useConfirmEmail } from '../../features/account/api/use-email-confirmation';
import { useMessages } from '../../i18n/messages';
import { MailedLinkFailed } from '../MailedLinkFailed';

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

  if (!token || confirming.isError) {
    return (
      <MailedLinkFailed
        failure="emailConfirmFailed"
        noToken="emailConfirmationRequired"
        token={token}
        error={confirming.error}
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
    <MailedLinkQuestion
      title={t('emailConfirmation.title')}
      text={t('emailConfirmation.text')}
      testId="confirm-email"
      links={
        <button type="button" className="btn btn--primary" onClick={() => confirming.mutate(token)} disabled={confirming.isPending}>
          {confirming.isPending ? t('emailConfirmation.confirming') : t('emailConfirmation.confirm')}
        </button>
      }
    />
  );
}
