import { Link } from 'react-router-dom';
import { MailedLinkDone, MailedLinkWaiting } from '../../features/mailed-links/MailedLinkPages';
import { useTokenPostedOnOpen } from '../../features/mailed-links/use-token-posted-on-open';
import { useConfirmListing } from '../../features/business/api/use-confirm-listing';
import { useMessages } from '../../i18n/messages';
import { EmptyPage } from '../EmptyPage';
import { useContractMessages, useErrorText } from '@zaytoon/web-kit/contract-messages';

/**
 * /confirm-listing?token=… (issue #14 point 4): the freshness reminder's 'Everything is still accurate'. The mail's
 * link opens this page, which confirms on open with a POST: a mail scanner fetching the link confirms nothing.
 */
export function ConfirmListingScreen() {
  const confirming = useConfirmListing();
  const { token, waiting } = useTokenPostedOnOpen(confirming);
  const t = useMessages();
  const message = useContractMessages();
  const errorText = useErrorText();

  if (waiting) return <MailedLinkWaiting label={t('listing.confirming')} />;
  const confirmed = confirming.data;
  if (!confirmed) {
    return (
      <EmptyPage
        title={message('listingConfirmFailed')}
        message={token ? errorText(confirming.error, 'listingConfirmFailed') : message('freshnessTokenRequired')}
        testId="listing-not-confirmed"
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
