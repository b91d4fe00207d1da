import type { Report, ReporterRecord } from '@zaytoon/contract/client';
import type { Translate } from '@zaytoon/web-kit';
import type { AdminMessage } from '../../i18n/messages';
import { useMessages } from '../../i18n/messages';
import card from './card.module.css';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days since the account was made: 0 for an account under a day old. */
export const accountAgeInDays = (createdAt: string, now = Date.now()): number => Math.max(0, Math.floor((now - Date.parse(createdAt)) / DAY_MS));

/** Who made a report: their username, or 'former member' once the account is deleted. */
export const reporterName = (report: Report, t: Translate<AdminMessage>): string => report.reporter_username ?? t('common.formerMember');

/**
 * What an admin weighs a report by (SPEC's 'consider the reporter's credibility'): the account's age and how the
 * reporter's earlier reports ended. A deleted account has no record.
 */
export function ReporterRecordLine({ reporter }: { reporter: ReporterRecord | null | undefined }) {
  const t = useMessages();
  if (!reporter) return null;
  return (
    <p className={card.muted} data-testid="reporter-record">
      {t('report.reporterRecord', {
        days: accountAgeInDays(reporter.account_created_at),
        upheld: reporter.reports_upheld,
        rejected: reporter.reports_rejected,
      })}
    </p>
  );
}
