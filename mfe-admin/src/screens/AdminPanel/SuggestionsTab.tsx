import type { ReviewAction, Suggestion } from '@zaytoon/contract/client';
import { SuggestionCard } from './SuggestionCard';
import type { MorePages } from './LoadMore';
import { QueueTab } from './QueueTab';

/** Pending suggestions, newest first; `more` reads the queue's next page. */
export function SuggestionsTab({
  suggestions,
  onReview,
  more,
}: {
  suggestions: Suggestion[];
  onReview: (suggestion: Suggestion, action: ReviewAction) => Promise<unknown>;
  more?: MorePages;
}) {
  return (
    <QueueTab
      name="suggestions"
      items={suggestions}
      more={more}
      renderItem={(suggestion) => <SuggestionCard key={suggestion.id} suggestion={suggestion} onReview={(action) => onReview(suggestion, action)} />}
    />
  );
}
