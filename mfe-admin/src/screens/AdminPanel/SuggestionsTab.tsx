import type { ReviewAction, Suggestion } from '@zaytoon/contract/client';
import { SuggestionCard } from './SuggestionCard';
import { useMessages } from '../../i18n/messages';
import card from './card.module.css';

export function SuggestionsTab({
  suggestions,
  onReview,
}: {
  suggestions: Suggestion[];
  onReview: (suggestion: Suggestion, action: ReviewAction) => Promise<unknown>;
}) {
  const t = useMessages();
  if (suggestions.length === 0) {
    return (
      <div className={`${card.card} ${card.empty}`} data-testid="no-suggestions">
        <h2>{t('suggestions.emptyTitle')}</h2>
        <p>{t('suggestions.emptyText')}</p>
      </div>
    );
  }
  return (
    <ul className={card.list} aria-label={t('suggestions.list')}>
      {suggestions.map((suggestion) => (
        <SuggestionCard key={suggestion.id} suggestion={suggestion} onReview={(action) => onReview(suggestion, action)} />
      ))}
    </ul>
  );
}
