import type { ReviewAction, Suggestion } from '@zaytoon/contract/client';
import { SuggestionCard } from './SuggestionCard';
import card from './card.module.css';

export function SuggestionsTab({
  suggestions,
  onReview,
}: {
  suggestions: Suggestion[];
  onReview: (suggestion: Suggestion, action: ReviewAction) => Promise<unknown>;
}) {
  if (suggestions.length === 0) {
    return (
      <div className={`${card.card} ${card.empty}`} data-testid="no-suggestions">
        <h2>No Pending Suggestions</h2>
        <p>All suggestions have been reviewed.</p>
      </div>
    );
  }
  return (
    <ul className={card.list} aria-label="Pending suggestions">
      {suggestions.map((suggestion) => (
        <SuggestionCard key={suggestion.id} suggestion={suggestion} onReview={(action) => onReview(suggestion, action)} />
      ))}
    </ul>
  );
}
