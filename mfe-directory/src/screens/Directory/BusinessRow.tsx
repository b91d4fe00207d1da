import { Link } from 'react-router-dom';
import { DIRECTORY_LIMITS, formatScore, isHttpUrl, truncate, USER_LINK_REL, type Business } from '@zaytoon/contract/client';

/**
 * One business in a city card (SPEC §2): name, category, vote score, report count (admins), address and
 * postcode, description cut to 120 characters, phone, website link, 'View Details'.
 */
export function BusinessRow({ business, isAdmin }: { business: Business; isAdmin: boolean }) {
  return (
    <article className="zd-row" data-testid="business-row" data-business-id={business.id}>
      <div className="zd-row__main">
        <h3 className="zd-row__name">{business.name}</h3>
        <div className="zd-row__meta">
          {business.category && <span className="zd-badge zd-badge--green">{business.category}</span>}
          <span className={`zd-score ${business.vote_score < 0 ? 'zd-score--negative' : ''}`} title="Vote score">
            {formatScore(business.vote_score)}
          </span>
          {isAdmin && business.report_count > 0 && (
            <span className="zd-badge zd-badge--red" data-testid="report-count">
              {business.report_count} {business.report_count === 1 ? 'report' : 'reports'}
            </span>
          )}
        </div>
        <p className="zd-row__address">{[business.address, business.postcode].filter(Boolean).join(', ')}</p>
        {business.description && <p className="zd-row__description">{truncate(business.description, DIRECTORY_LIMITS.listDescriptionLength)}</p>}
        <p className="zd-row__contact">
          {business.phone && <a href={`tel:${business.phone}`}>{business.phone}</a>}
          {isHttpUrl(business.website) && (
            <a href={business.website} target="_blank" rel={USER_LINK_REL}>
              Website
            </a>
          )}
        </p>
      </div>
      <Link className="zd-btn zd-btn--outline zd-row__action" to={`/business/${business.id}`}>
        View Details
      </Link>
    </article>
  );
}
