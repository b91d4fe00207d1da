import { useState } from 'react';
import { errorMessage, MESSAGES, type Report, type ReviewAction } from '@zaytoon/client';
import { useHost } from '../../host';
import { formatDate } from '../../lib/format';

const REASON_CLASS: Record<string, string> = {
  'Inaccurate information': 'za-badge--amber',
  'Does not support Palestine': 'za-badge--red',
  'Business closed/moved': 'za-badge--grey',
  'Inappropriate content': 'za-badge--purple',
  'Spam or duplicate': 'za-badge--blue',
  Other: 'za-badge--grey',
};

export function ReportsTab({ reports, onChanged }: { reports: Report[]; onChanged: () => Promise<void> }) {
  const { api, toast } = useHost();
  const [busy, setBusy] = useState<number | null>(null);

  const review = async (report: Report, action: ReviewAction) => {
    setBusy(report.id);
    try {
      await api.reviewReport(report.id, action);
      toast.success(action === 'approve' ? MESSAGES.reportApproved : MESSAGES.reportRejected);
      await onChanged();
    } catch (error) {
      console.error('review report failed', error);
      toast.error(errorMessage(error, MESSAGES.processReportFailed));
    } finally {
      setBusy(null);
    }
  };

  if (reports.length === 0) {
    return (
      <div className="za-card za-empty" data-testid="no-reports">
        <h2>No Pending Reports</h2>
        <p>All reports have been reviewed.</p>
      </div>
    );
  }
  return (
    <ul className="za-list">
      {reports.map((report) => (
        <li key={report.id} className="za-card za-item" data-testid="report-card">
          <div className="za-item__head">
            <span className={`za-badge ${REASON_CLASS[report.reason] ?? 'za-badge--grey'}`}>{report.reason}</span>
            <span className="za-muted">{formatDate(report.created_at)}</span>
          </div>
          <p>
            <strong>Business ID:</strong> {report.business_id}
            {report.business_name ? ` (${report.business_name})` : ''}{' '}
            <a href={`/business/${report.business_id}`} target="_blank" rel="noopener noreferrer">
              View Business
            </a>
          </p>
          {report.description && <p className="za-text">{report.description}</p>}
          <p className="za-muted">
            Reported by: {report.reporter_username || 'Unknown'} (ID: {report.reported_by ?? 'n/a'})
          </p>
          <div className="za-actions">
            <button
              type="button"
              className="za-btn za-btn--outline"
              disabled={busy === report.id}
              onClick={() => review(report, 'reject')}
            >
              Reject
            </button>
            <button
              type="button"
              className="za-btn za-btn--danger"
              disabled={busy === report.id}
              onClick={() => review(report, 'approve')}
            >
              Approve &amp; Remove Business
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
