import { useState } from 'react';
import {
  businessDeletedMessage,
  confirmDeleteBusinessMessage,
  errorMessage,
  LIMITS,
  MESSAGES,
  type Business,
} from '@zaytoon/client';
import { useHost } from '../../host';
import { addressLine, formatDate } from '../../lib/format';

export function BusinessesTab({ businesses, onChanged }: { businesses: Business[]; onChanged: () => Promise<void> }) {
  const { api, toast } = useHost();
  const [busy, setBusy] = useState<number | null>(null);

  const remove = async (business: Business) => {
    if (!window.confirm(confirmDeleteBusinessMessage(business.name))) return;
    setBusy(business.id);
    try {
      await api.adminDeleteBusiness(business.id);
      toast.success(businessDeletedMessage(business.name));
      await onChanged();
    } catch (error) {
      console.error('delete business failed', error);
      toast.error(errorMessage(error, MESSAGES.deleteBusinessFailed));
    } finally {
      setBusy(null);
    }
  };

  if (businesses.length === 0) {
    return (
      <div className="za-card za-empty" data-testid="no-businesses">
        <h2>No Reported Businesses</h2>
        <p>No business has pending reports.</p>
      </div>
    );
  }
  return (
    <ul className="za-list">
      {businesses.map((business) => {
        const latest = (business.latest_reports ?? []).slice(0, LIMITS.latestReportsShown);
        const more = business.report_count - latest.length;
        return (
          <li key={business.id} className="za-card za-item" data-testid="reported-business-card">
            <div className="za-item__head">
              <span className="za-badge za-badge--red">
                {business.report_count} {business.report_count === 1 ? 'report' : 'reports'}
              </span>
              {business.category && <span className="za-badge za-badge--grey">{business.category}</span>}
            </div>
            <h3 className="za-item__title">{business.name}</h3>
            <p className="za-muted">{addressLine(business)}</p>
            <div className="za-actions za-actions--start">
              <a className="za-btn za-btn--outline" href={`/business/${business.id}`} target="_blank" rel="noopener noreferrer">
                View
              </a>
              <button
                type="button"
                className="za-btn za-btn--danger"
                disabled={busy === business.id}
                onClick={() => remove(business)}
              >
                Delete Business
              </button>
            </div>
            {latest.length > 0 && (
              <ul className="za-sublist">
                {latest.map((report) => (
                  <li key={report.id}>
                    <strong>{report.reason}</strong> <span className="za-muted">{formatDate(report.created_at)}</span>
                    {report.description && <p className="za-text">{report.description}</p>}
                    <p className="za-muted">Reported by: {report.reporter_username || 'Unknown'}</p>
                  </li>
                ))}
              </ul>
            )}
            {more > 0 && <p className="za-muted">And {more} more reports...</p>}
          </li>
        );
      })}
    </ul>
  );
}
