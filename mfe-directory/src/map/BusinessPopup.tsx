import { Link } from 'react-router-dom';
import { DIRECTORY_LIMITS, formatScore, truncate, type Business } from '@zaytoon/contract/client';
import { useFromDirectoryState } from '../features/directory/backToDirectory';
import { useCount, useMessages } from '../i18n/messages';
import map from './MapView.module.css';
import shared from '../ui/page.module.css';
import { useNearPoint } from '../features/directory/useDirectoryUrl';
import { Distance } from '../features/near-me/Distance';
import { DirectionsLinks } from '../features/near-me/DirectionsLinks';
import { milesBetween } from '../features/near-me/near-point';
import { CoverThumbnail } from '../features/photos/CoverThumbnail';

/** SPEC §2 marker popup. */
export function BusinessPopup({ business, isAdmin }: { business: Business; isAdmin: boolean }) {
  const t = useMessages();
  const count = useCount();
  const fromDirectory = useFromDirectoryState();
  const near = useNearPoint();
  const located = business.latitude !== null && business.longitude !== null;
  return (
    <div className={map.popup} data-testid="map-popup">
      <CoverThumbnail cover={business.cover} />
      <h3 dir="auto">{business.name}</h3>
      <p>
        {business.category && <span className={`${shared.badge} ${shared.badgeGreen}`}>{business.category}</span>}{' '}
        <span className={business.vote_score < 0 ? `${shared.score} ${shared.scoreNegative}` : shared.score} dir="ltr">
          {formatScore(business.vote_score)}
        </span>
      </p>
      {business.address && <p>{business.address}</p>}
      <p>{[business.city, business.postcode].filter(Boolean).join(' ')}</p>
      {business.location_precision === 'area' && <p data-testid="approximate-location">{t('map.approximateLocation')}</p>}
      {near && located && (
        <p>
          <Distance miles={milesBetween(near, { lat: business.latitude!, lng: business.longitude! })} />
        </p>
      )}
      {business.description && <p>{truncate(business.description, DIRECTORY_LIMITS.popupDescriptionLength)}</p>}
      {business.phone && <p dir="ltr">{business.phone}</p>}
      {isAdmin && business.report_count > 0 && (
        <p>
          <span className={`${shared.badge} ${shared.badgeRed}`}>{t('row.reports', count(business.report_count))}</span>
        </p>
      )}
      <DirectionsLinks latitude={business.latitude} longitude={business.longitude} />
      <p>
        <Link to={`/business/${business.id}`} state={fromDirectory}>
          {t('map.fullDetails')}
        </Link>
      </p>
    </div>
  );
}

/** What a popup shows until the business's fields arrive (or when they cannot be fetched). */
export function BusinessPopupPending({ id, name, failed }: { id: number; name: string; failed: boolean }) {
  const t = useMessages();
  const fromDirectory = useFromDirectoryState();
  return (
    <div className={map.popup} data-testid="map-popup-pending">
      <h3 dir="auto">{name}</h3>
      {failed ? (
        <p>
          <Link to={`/business/${id}`} state={fromDirectory}>
            {t('map.fullDetails')}
          </Link>
        </p>
      ) : (
        <p role="status">{t('common.loading')}</p>
      )}
    </div>
  );
}
