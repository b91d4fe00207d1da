import { Link } from 'react-router-dom';
import { MailedLinkDone, MailedLinkWaiting } from '../../features/mailed-links/MailedLinkPages';
import { useTokenPostedOnOpen } from '../../features/mailed-links/use-token-posted-on-open';
import { useUnsubscribeAlert } from '../../features/alerts/api/use-alerts';
import { useMessages } from '../../i18n/messages';
import { MailedLinkFailed } from '../MailedLinkFailed';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';

/**
 * /unsubscribe-alert?token=…: an alert mail's 'Stop this alert'. The page ends the alert on open
 * with a POST, as /confirm-listing does: a mail scanner fetching the link ends nothing.
 */
export function UnsubscribeAlertScreen() {
  const ending = useUnsubscribeAlert();
  const { token, waiting } = useTokenPostedOnOpen(ending);
  const t = useMessages();
  const message = useContractMessages();

  if (waiting) return <MailedLinkWaiting label={t('alerts.ending')} />;
  if (!ending.isSuccess) {
    return <MailedLinkFailed failure="endAlertFailed" noToken="alertLinkInvalid" token={token} error={ending.error} testId="alert-not-ended" />;
  }
  return (
    <MailedLinkDone
      title={message('alertEnded')}
      testId="alert-ended"
      links={
        <>
          <Link to="/browse" className="btn btn--primary">
            {t('alerts.browse')}
          </Link>
          <Link to="/account-settings" className="btn btn--outline">
            {t('alerts.title')}
          </Link>
        </>
      }
    />
  );
}
