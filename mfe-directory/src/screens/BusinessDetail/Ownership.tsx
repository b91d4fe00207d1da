import { formatMonthYear, type BusinessDetail } from '@zaytoon/contract/client';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';
import { useLocale } from '../../i18n/messages';
import shared from '../../ui/page.module.css';
import classes from './BusinessDetailScreen.module.css';

/**
 * 'Managed by its owner' once an admin approved the owner's claim, with the owner's last
 * 'Everything is still accurate'. Nothing for a business whose owner never claimed it.
 */
export function Ownership({ business }: { business: BusinessDetail }) {
  const locale = useLocale();
  const message = useContractMessages();
  if (!business.managed_by_owner) return null;
  return (
    <p className={classes.ownership} data-testid="managed-by-owner">
      <span className={`${shared.badge} ${shared.badgeGreen}`}>{message('managedByOwner')}</span>
      {business.owner_confirmed_at && (
        <span className={shared.hint} data-testid="owner-confirmed-line">
          {message('ownerConfirmed', { date: formatMonthYear(business.owner_confirmed_at, locale) })}
        </span>
      )}
    </p>
  );
}

/**
 * Protection from bursts: a neutral notice while the business is paused. It says what visitors meet (new accounts
 * cannot vote or comment), never that anything is wrong with the business.
 */
export function UnusualActivity({ business }: { business: BusinessDetail }) {
  const message = useContractMessages();
  if (!business.protection) return null;
  return (
    <p className={classes.unusualActivity} role="status" data-testid="unusual-activity">
      {message('businessPausedForNewAccounts')}
    </p>
  );
}
