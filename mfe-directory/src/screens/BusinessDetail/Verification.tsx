import { MESSAGES, verificationLine, type Business } from '@zaytoon/contract/client';
import shared from '../../ui/page.module.css';
import verification from './Verification.module.css';

const monthAndYear = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * SPEC's 'Verified' badge while the latest verification is under 12 months old, with how and when; 'Verification
 * due' once it is older (issue #13). Nothing for a business never verified.
 */
export function Verification({ business }: { business: Business }) {
  const { status, method, date } = business.verification;
  if (status === 'current') {
    return (
      <div className={verification.verified} data-testid="verified">
        <p>
          <span className={`${shared.badge} ${shared.badgeGreen}`}>Verified</span> This business has been verified by our community
        </p>
        {method && date && (
          <p className={shared.hint} data-testid="verification-line">
            {verificationLine(method, monthAndYear(date))}
          </p>
        )}
      </div>
    );
  }
  if (status === 'due') {
    return (
      <p className={verification.verified} data-testid="verification-due">
        <span className={`${shared.badge} ${verification.due}`}>{MESSAGES.verificationDue}</span>
      </p>
    );
  }
  return null;
}
