import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { Business } from '@zaytoon/client';
import { LIMITS } from '@zaytoon/client';
import { useSession } from '../../host';
import { businessCount, formatScore, isHttpUrl, truncate } from '../../lib/format';
import { groupByCity, mostActiveCities } from './directoryModel';

/**
 * Locations view: city cards with their businesses, then the Location Summary (SPEC §2).
 * Memoised: typing in the search box re-renders the filters, not thousands of rows.
 */
export const LocationsView = memo(function LocationsView({ businesses, loading }: { businesses: Business[]; loading: boolean }) {
  const isAdmin = useSession((state) => state.user?.is_admin ?? false);
  const groups = groupByCity(businesses);

  if (!loading && businesses.length === 0) {
    return (
      <div className="zd-card zd-empty" data-testid="directory-empty">
        <h2>No businesses found</h2>
        <p>Try adjusting your search filters to find businesses in different areas.</p>
      </div>
    );
  }

  const top = mostActiveCities(groups, LIMITS.mostActiveCities);
  return (
    <div className="zd-locations" data-testid="locations-view" aria-busy={loading}>
      {groups.map((group) => (
        <section key={group.city} className="zd-card zd-city" data-testid="city-group" data-city={group.city}>
          <header className="zd-city__header">
            <h2 className="zd-city__name">{group.city}</h2>
            <span className="zd-badge" data-testid="city-count">
              {businessCount(group.businesses.length)}
            </span>
          </header>
          <ul className="zd-city__list">
            {group.businesses.map((business) => (
              <li key={business.id} className="zd-row" data-testid="business-row" data-business-id={business.id}>
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
                  <p className="zd-row__address">
                    {[business.address, business.postcode].filter(Boolean).join(', ')}
                  </p>
                  {business.description && (
                    <p className="zd-row__description">{truncate(business.description, LIMITS.listDescriptionLength)}</p>
                  )}
                  <p className="zd-row__contact">
                    {business.phone && <a href={`tel:${business.phone}`}>{business.phone}</a>}
                    {isHttpUrl(business.website) && (
                      <a href={business.website} target="_blank" rel="nofollow ugc noopener noreferrer">
                        Website
                      </a>
                    )}
                  </p>
                </div>
                <Link className="zd-btn zd-btn--outline zd-row__action" to={`/business/${business.id}`}>
                  View Details
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}

      {groups.length > 0 && (
        <aside className="zd-card zd-summary" aria-labelledby="zd-summary-title" data-testid="location-summary">
          <h2 id="zd-summary-title">Location Summary</h2>
          <p>
            Showing {businesses.length} businesses across {groups.length} cities in the UK.
          </p>
          <h3>Most active cities</h3>
          <ol className="zd-summary__top">
            {top.map((entry) => (
              <li key={entry.city}>
                {entry.city}: {businessCount(entry.count)}
              </li>
            ))}
          </ol>
        </aside>
      )}
    </div>
  );
});
