import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { MailedLinkDone, MailedLinkQuestion, MailedLinkWaiting } from '../../features/mailed-links/MailedLinkPages';
import { useConfirmListing } from '../../features/business/api/use-confirm-listing';
import { useMessages } from '../../i18n/messages';
import { MailedLinkFailed } from '../MailedLinkFailed';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';

/**
 * /confirm-listing?token=…: the freshness reminder's 'Everything is still accurate'. Opening the
 * page confirms nothing, even with its scripts running (a mail scanner that opens links runs them too):
 * the owner's click on the button posts the token.
 */
export function ConfirmListingScreen() {
  const confirming = useConfirmListing();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // Posted once: a second click before the answer would only be told the link was used.
  const sent = useRef(false);
  const t = useMessages();
  const message = useContractMessages();

  if (!token || confirming.isError) {
    return (
      <MailedLinkFailed
        failure="listingConfirmFailed"
        noToken="freshnessTokenRequired"
        token={token}
        error={confirming.error}
        testId="listing-not-confirmed"
      />
    );
  }
  if (confirming.isPending) return <MailedLinkWaiting label={t('listing.confirming')} />;
  const confirmed = confirming.data;
  if (!confirmed) {
    const confirm = () => {
      if (sent.current) return;
      sent.current = true;
      confirming.mutate(token);
    };
    return (
      <MailedLinkQuestion
        title={t('listing.question')}
        text={t('listing.check')}
        testId="listing-confirm-question"
        links={
          <button type="button" className="btn btn--primary" onClick={confirm}>
            {t('listing.confirm')}
          </button>
        }
      />
    );
  }
  return (
    <MailedLinkDone
      title={message('listingConfirmed')}
      text={t('listing.text')}
      testId="listing-confirmed"
      links={
        <>
          <Link to={`/business/${confirmed.business_id}`} className="btn btn--primary">
            {t('listing.view')}
          </Link>
          <Link to={`/edit-business/${confirmed.business_id}`} className="btn btn--outline">
            {t('listing.edit')}
          </Link>
        </>
      }
    />
  );
}
