import { addressLine, confirmDeleteBusinessMessage, formatDate, NEW_TAB_REL, LIMITS, type Business } from '@zaytoon/contract/client';
import { ReasonBadge } from './ReportCard';
import { useBusy } from './useBusy';

/** A business with pending reports (SPEC §2 Businesses tab): the 3 latest reports, then 'And N more reports...'. */
export function ReportedBusinessCard({ business, onDelete }: { business: Business; onDelete: () => Promise<unknown> }) {
  const [busy, run] = useBusy();
  const latest = (business.latest_reports ?? []).slice(0, LIMITS.latestReportsShown);
  const more = Math.max(0, business.report_count - latest.length);
  const remove = () => {
    if (!window.confirm(confirmDeleteBusinessMessage(business.name))) return;
    void run(onDelete);
  };
  return (
    <li className="za-card za-item" data-testid="reported-business-card" data-business-id={business.id}>
      <div className="za-item__head">
        <span className="za-badge za-badge--red" data-testid="report-count-badge">
          {business.report_count} {business.report_count === 1 ? 'report' : 'reports'}
        </span>
        {business.category && <span className="za-badge za-badge--grey">{business.category}</span>}
      </div>
      <h3 className="za-item__title">{business.name}</h3>
      <p className="za-muted">{addressLine(business)}</p>
      <div className="za-actions za-actions--start">
        <a className="btn btn--outline" href={`/business/${business.id}`} target="_blank" rel={NEW_TAB_REL}>
          View
        </a>
        <button type="button" className="btn btn--danger" disabled={busy} onClick={remove}>
          Delete Business
        </button>
      </div>
      {latest.length > 0 && (
        <ul className="za-sublist" aria-label={`Latest reports about ${business.name}`}>
          {latest.map((report) => (
            <li key={report.id} data-testid="latest-report">
              <ReasonBadge reason={report.reason} />{' '}
              <time className="za-muted" dateTime={report.created_at}>
                {formatDate(report.created_at)}
              </time>
              {report.description && <p className="za-text">{report.description}</p>}
              <p className="za-muted">Reported by: {report.reporter_username || 'Unknown'}</p>
            </li>
          ))}
        </ul>
      )}
      {more > 0 && <p className="za-muted">And {more} more reports...</p>}
    </li>
  );
}
