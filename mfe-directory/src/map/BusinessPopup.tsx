import { Link } from 'react-router-dom';
import { DIRECTORY_LIMITS, formatScore, truncate, type Business } from '@zaytoon/contract/client';
import map from './MapView.module.css';
import shared from '../ui/page.module.css';

/** SPEC §2 marker popup. */
export function BusinessPopup({ business, isAdmin }: { business: Business; isAdmin: boolean }) {
  return (
    <div className={map.popup} data-testid="map-popup">
      <h3 dir="auto">{business.name}</h3>
      <p>
        {business.category && <span className={`${shared.badge} ${shared.badgeGreen}`}>{business.category}</span>}{' '}
        <span className={business.vote_score < 0 ? `${shared.score} ${shared.scoreNegative}` : shared.score}>{formatScore(business.vote_score)}</span>
      </p>
      {business.address && <p>{business.address}</p>}
      <p>{[business.city, business.postcode].filter(Boolean).join(' ')}</p>
      {business.description && <p>{truncate(business.description, DIRECTORY_LIMITS.popupDescriptionLength)}</p>}
      {business.phone && <p>{business.phone}</p>}
      {isAdmin && business.report_count > 0 && (
        <p>
          <span className={`${shared.badge} ${shared.badgeRed}`}>
            {business.report_count} {business.report_count === 1 ? 'report' : 'reports'}
          </span>
        </p>
      )}
      <p>
        <Link to={`/business/${business.id}`}>View Full Details</Link>
      </p>
    </div>
  );
}

/** What a popup shows until the business's fields arrive (or when they cannot be fetched). */
export function BusinessPopupPending({ id, name, failed }: { id: number; name: string; failed: boolean }) {
  return (
    <div className={map.popup} data-testid="map-popup-pending">
      <h3>{name}</h3>
      {failed ? (
        <p>
          <Link to={`/business/${id}`}>View Full Details</Link>
        </p>
      ) : (
        <p role="status">Loading...</p>
      )}
    </div>
  );
}
