import type { Business } from '@zaytoon/contract/client';
import { ReportedBusinessCard } from './ReportedBusinessCard';
import card from './card.module.css';

export function BusinessesTab({ businesses, onDelete }: { businesses: Business[]; onDelete: (business: Business) => Promise<unknown> }) {
  if (businesses.length === 0) {
    return (
      <div className={`${card.card} ${card.empty}`} data-testid="no-businesses">
        <h2>No Reported Businesses</h2>
        <p>No business has pending reports.</p>
      </div>
    );
  }
  return (
    <ul className={card.list} aria-label="Reported businesses">
      {businesses.map((business) => (
        <ReportedBusinessCard key={business.id} business={business} onDelete={() => onDelete(business)} />
      ))}
    </ul>
  );
}
