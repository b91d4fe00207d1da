import { SUGGESTABLE_FIELDS } from '@zaytoon/contract/client';
import { useContractLabels } from '@zaytoon/web-kit/contract-messages';
import { usePendingSuggestions } from '../../features/admin/api/get-pending-suggestions';
import { useReviewSuggestion } from '../../features/admin/api/review-suggestion';
import { narrows } from '../../features/admin/api/admin-list';
import { useMessages } from '../../i18n/messages';
import { SuggestionCard } from './SuggestionCard';
import { QueueFilters } from './QueueFilters';
import { QueueTab, settled } from './QueueTab';
import { useQueueParams } from './queueParams';

/** Pending suggestions, newest first, searched by business name and filtered by the field suggested. */
export function SuggestionsTab() {
  const t = useMessages();
  const label = useContractLabels();
  const params = useQueueParams();
  const filter = { search: params.read('q'), field: params.read('field', SUGGESTABLE_FIELDS) };
  const query = usePendingSuggestions(filter, { refetchOnMount: narrows(filter) });
  const review = useReviewSuggestion();
  return (
    <QueueTab
      name="suggestions"
      query={query}
      failure="loadPendingSuggestionsFailed"
      filters={
        <QueueFilters
          key={filter.search}
          search={filter.search ?? ''}
          filter={{
            label: t('suggestions.field'),
            all: t('suggestions.allFields'),
            value: filter.field,
            options: SUGGESTABLE_FIELDS.map((field) => ({ value: field, label: label('field', field) })),
          }}
          onChange={(change) => params.write({ q: change.search, field: change.filter })}
        />
      }
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
