import { SUGGESTABLE_FIELDS } from '@zaytoon/contract/client';
import { useContractLabels } from '@zaytoon/web-kit/contract-messages';
import { usePendingSuggestions } from '../../features/admin/api/get-pending-suggestions';
import { useReviewSuggestion } from '../../features/admin/api/review-suggestion';
import { narrows } from '../../features/admin/api/admin-list';
import { useMessages } from '../../i18n/messages';
import { SuggestionCard } from './SuggestionCard';
import { useQueueFilters } from './QueueFilters';
import { QueueTab, settled } from './QueueTab';

/** Pending suggestions, newest first, searched by business name and filtered by the field suggested. */
export function SuggestionsTab() {
  const label = useContractLabels();
  const t = useMessages();
  const queue = useQueueFilters({
    param: 'field',
    known: SUGGESTABLE_FIELDS,
    label: t('suggestions.field'),
    all: t('suggestions.allFields'),
    labelOf: (field) => label('field', field),
  });
  const filter = { search: queue.search, field: queue.value };
  const query = usePendingSuggestions(filter, { refetchOnMount: narrows(filter) });
  const review = useReviewSuggestion();
  return (
    <QueueTab
      name="suggestions"
      query={query}
      failure="loadPendingSuggestionsFailed"
      filters={queue.form}
      renderItem={(suggestion, decide) => (
        <SuggestionCard
          key={suggestion.id}
          suggestion={suggestion}
          onReview={(action) => decide(() => settled(review.mutateAsync({ suggestion, action })))}
        />
      )}
    />
  );
}
