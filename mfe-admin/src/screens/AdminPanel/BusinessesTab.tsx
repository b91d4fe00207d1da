import type { Business } from '@zaytoon/contract/client';
import { ReportedBusinessCard } from './ReportedBusinessCard';
import { useMessages } from '../../i18n/messages';
import card from './card.module.css';

export function BusinessesTab({ businesses, onDelete }: { businesses: Business[]; onDelete: (business: Business) => Promise<unknown> }) {
  const t = useMessages();
  if (businesses.length === 0) {
    return (
      <div className={`${card.card} ${card.empty}`} data-testid="no-businesses">
        <h2>{t('businesses.emptyTitle')}</h2>
        <p>{t('businesses.emptyText')}</p>
      </div>
    );
  }
  return (
    <ul className={card.list} aria-label={t('businesses.list')}>
      {businesses.map((business) => (
        <ReportedBusinessCard key={business.id} business={business} onDelete={() => onDelete(business)} />
      ))}
    </ul>
  );
}
