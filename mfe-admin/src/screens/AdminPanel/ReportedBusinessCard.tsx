import { addressLine, formatDate, NEW_TAB_REL, LIMITS, type Business } from '@zaytoon/contract/client';
import { ReasonBadge } from './ReportCard';
import { ReporterRecordLine, reporterName } from './ReporterRecord';
import { useBusy } from './useBusy';
import { rich } from '../../i18n/Rich';
import { useMessages } from '../../i18n/messages';
import card from './card.module.css';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';

/** A business with pending reports (SPEC §2 Businesses tab): the 3 latest reports, then 'And N more reports...'. */
export function ReportedBusinessCard({ business, onDelete }: { business: Business; onDelete: () => Promise<unknown> }) {
  const t = useMessages();
  const message = useContractMessages();
  const [busy, run] = useBusy();
  const latest = (business.latest_reports ?? []).slice(0, LIMITS.latestReportsShown);
  const more = Math.max(0, business.report_count - latest.length);
  const remove = () => {
    if (!window.confirm(message('confirmDeleteBusiness', { name: business.name }))) return;
    void run(onDelete);
  };
  return (
    <li tabIndex={-1} className={`${card.card} ${card.item}`} data-testid="reported-business-card" data-business-id={business.id}>
      <div className={card.itemHead}>
        <span className={`${card.badge} ${card.badgeRed}`} data-testid="report-count-badge">
          {t('business.reportCount', { count: business.report_count })}
        </span>
        {business.category && (
          <span className={`${card.badge} ${card.badgeGrey}`} dir="auto">
            {business.category}
          </span>
        )}
      </div>
      <h3 className={card.itemTitle} dir="auto">
        {business.name}
      </h3>
      <p className={card.muted} dir="auto">
        {addressLine(business)}
      </p>
      <div className={`${card.actions} ${card.actionsStart}`}>
        <a className="btn btn--outline" href={`/business/${business.id}`} target="_blank" rel={NEW_TAB_REL}>
          {t('business.view')}
        </a>
        <button type="button" className="btn btn--danger" disabled={busy} onClick={remove}>
          {t('business.delete')}
        </button>
      </div>
      {latest.length > 0 && (
        <ul className={card.sublist} aria-label={t('business.latest', { name: business.name })}>
          {latest.map((report) => (
            <li key={report.id} data-testid="latest-report">
              <ReasonBadge reason={report.reason} />{' '}
              <time className={card.muted} dateTime={report.created_at}>
                {formatDate(report.created_at)}
              </time>
              {report.description && (
                <p className={card.text} dir="auto">
                  {report.description}
                </p>
              )}
              <p className={card.muted}>{rich(t, 'business.reportedBy', { name: <bdi dir="auto">{reporterName(report, t)}</bdi> })}</p>
              <ReporterRecordLine reporter={report.reporter} />
            </li>
          ))}
        </ul>
      )}
      {more > 0 && <p className={card.muted}>{t('business.more', { count: more })}</p>}
    </li>
  );
}
