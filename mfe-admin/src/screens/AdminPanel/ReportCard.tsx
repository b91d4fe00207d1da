import { confirmApproveReportMessage, formatDate, NEW_TAB_REL, type Report, type ReviewAction } from '@zaytoon/contract/client';
import { useBusy } from './useBusy';

/** One colour per SPEC §3 report reason. */
export const REASON_CLASS: Record<string, string> = {
  'Inaccurate information': 'za-badge--amber',
  'Does not support Palestine': 'za-badge--red',
  'Business closed/moved': 'za-badge--slate',
  'Inappropriate content': 'za-badge--purple',
  'Spam or duplicate': 'za-badge--blue',
  Other: 'za-badge--grey',
};

export function ReasonBadge({ reason }: { reason: string }) {
  return (
    <span className={`za-badge ${REASON_CLASS[reason] ?? 'za-badge--grey'}`} data-testid="reason-badge" data-reason={reason}>
      {reason}
    </span>
  );
}

/** A pending report (SPEC §2 Reports tab). */
export function ReportCard({ report, onReview }: { report: Report; onReview: (action: ReviewAction) => Promise<unknown> }) {
  const [busy, run] = useBusy();
  return (
    <li className="za-card za-item" data-testid="report-card" data-report-id={report.id} data-business-id={report.business_id}>
      <div className="za-item__head">
        <ReasonBadge reason={report.reason} />
        <time className="za-muted" dateTime={report.created_at}>
          {formatDate(report.created_at)}
        </time>
      </div>
      <p>
        <strong>Business ID:</strong> {report.business_id}
        {report.business_name ? ` (${report.business_name})` : ''}{' '}
        <a href={`/business/${report.business_id}`} target="_blank" rel={NEW_TAB_REL}>
          View Business
        </a>
      </p>
      {report.description && <p className="za-text">{report.description}</p>}
      <p className="za-muted">
        Reported by: {report.reporter_username || 'Unknown'} (ID: {report.reported_by ?? 'n/a'})
      </p>
      <div className="za-actions">
        <button type="button" className="btn btn--outline" disabled={busy} onClick={() => run(() => onReview('reject'))}>
          Reject
        </button>
        <button
          type="button"
          className="btn btn--danger"
          disabled={busy}
          onClick={() => {
            if (!window.confirm(confirmApproveReportMessage(report.business_name || `Business ${report.business_id}`))) return;
            void run(() => onReview('approve'));
          }}
        >
          Approve &amp; Remove Business
        </button>
      </div>
    </li>
  );
}
