import { CONTRACT_LABELS, formatMonthYear, type Business } from '@zaytoon/contract/client';
import { useLocale, useMessages } from '../../i18n/messages';
import shared from '../../ui/page.module.css';
import verification from './Verification.module.css';
import { useContractLabels, useContractMessages } from '@zaytoon/web-kit/contract-messages';

/**
 * SPEC's 'Verified' badge while the latest verification is under 12 months old, with how and when; 'Verification
 * due' once it is older. Nothing for a business never verified.
 */
export function Verification({ business }: { business: Business }) {
  const { status, method, date } = business.verification;
  const t = useMessages();
  const message = useContractMessages();
  const label = useContractLabels();
  const locale = useLocale();
  if (status === 'current') {
    return (
      <div className={verification.verified} data-testid="verified">
        <p>
          <span className={`${shared.badge} ${shared.badgeGreen}`}>{t('detail.verified')}</span> {t('detail.verifiedText')}
        </p>
        {method && date && (
          <p className={shared.hint} data-testid="verification-line">
            {label('verifiedBy', Object.hasOwn(CONTRACT_LABELS.verifiedBy, method) ? method : 'other')} · {formatMonthYear(date, locale)}
          </p>
        )}
      </div>
    );
  }
  if (status === 'due') {
    return (
      <p className={verification.verified} data-testid="verification-due">
        <span className={`${shared.badge} ${verification.due}`}>{message('verificationDue')}</span>
      </p>
    );
  }
  return null;
}
