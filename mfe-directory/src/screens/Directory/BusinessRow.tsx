import { Link } from 'react-router-dom';
import { DIRECTORY_LIMITS, formatScore, isHttpUrl, truncate, USER_LINK_REL, type Business } from '@zaytoon/contract/client';
import { useFromDirectoryState } from '../../features/directory/backToDirectory';
import shared from '../../ui/page.module.css';
import { useCount, useListMessages } from '../../i18n/list-messages';
import { OpeningStatus } from '../../ui/OpeningStatus';
import { Distance } from '../../features/near-me/Distance';
import { CoverThumbnail } from '../../features/photos/CoverThumbnail';
import { AlternativeBadges } from '../../features/brands/AlternativeBadges';
import row from './BusinessRow.module.css';

/**
 * One business in a city card (SPEC §2): name, category, vote score, report count (admins), address and
 * postcode, the distance when sorted 'Near me', opening status, description cut to 120 characters, phone, website link, 'View Details'.
 */
export function BusinessRow({ business, isAdmin }: { business: Business; isAdmin: boolean }) {
  const t = useListMessages();
  const count = useCount();
  const fromDirectory = useFromDirectoryState();
  return (
    <article className={row.row} data-testid="business-row" data-business-id={business.id}>
      <CoverThumbnail cover={business.cover} />
      <div className={row.details}>
        <h3 className={row.name} dir="auto">
          {business.name}
        </h3>
        <div className={row.badges}>
          {business.category && (
            <span className={`${shared.badge} ${shared.badgeGreen}`} data-testid="business-category">
              {business.category}
            </span>
          )}
          <span className={business.vote_score < 0 ? `${shared.score} ${shared.scoreNegative}` : shared.score} title={t('row.score')} dir="ltr">
            {formatScore(business.vote_score)}
          </span>
          <AlternativeBadges brands={business.alternatives} />
          {isAdmin && business.report_count > 0 && (
            <span className={`${shared.badge} ${shared.badgeRed}`} data-testid="report-count">
              {t('row.reports', count(business.report_count))}
            </span>
          )}
        </div>
        <p className={row.address} dir="auto">
          {[business.address, business.postcode].filter(Boolean).join(', ')}
        </p>
        {business.distance_miles !== undefined && (
          <p className={row.distance}>
            <Distance miles={business.distance_miles} />
          </p>
        )}
        <OpeningStatus hours={business.business_hours} special={business.special_hours} />
        {business.description && <p>{truncate(business.description, DIRECTORY_LIMITS.listDescriptionLength)}</p>}
        <p className={row.contact}>
          {business.phone && (
            <a href={`tel:${business.phone}`} dir="ltr">
              {business.phone}
            </a>
          )}
          {isHttpUrl(business.website) && (
            <a href={business.website} target="_blank" rel={USER_LINK_REL}>
              {t('row.website')}
            </a>
          )}
        </p>
      </div>
      <Link className="btn btn--outline" to={`/business/${business.id}`} state={fromDirectory}>
        {t('row.details')}
      </Link>
    </article>
  );
}
