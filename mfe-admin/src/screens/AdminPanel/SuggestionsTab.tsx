import { useState } from 'react';
import { errorMessage, FIELD_LABELS, MESSAGES, type ReviewAction, type Suggestion } from '@zaytoon/client';
import { useHost } from '../../host';
import { describeValue, formatDate } from '../../lib/format';

export function SuggestionsTab({ suggestions, onChanged }: { suggestions: Suggestion[]; onChanged: () => Promise<void> }) {
  const { api, toast } = useHost();
  const [busy, setBusy] = useState<number | null>(null);

  const review = async (suggestion: Suggestion, action: ReviewAction) => {
    setBusy(suggestion.id);
    try {
      await api.reviewSuggestion(suggestion.id, action);
      toast.success(action === 'approve' ? MESSAGES.suggestionApproved : MESSAGES.suggestionRejected);
      await onChanged();
    } catch (error) {
      console.error('review suggestion failed', error);
      toast.error(errorMessage(error, MESSAGES.processSuggestionFailed));
    } finally {
      setBusy(null);
    }
  };

  if (suggestions.length === 0) {
    return (
      <div className="za-card za-empty" data-testid="no-suggestions">
        <h2>No Pending Suggestions</h2>
        <p>All suggestions have been reviewed.</p>
      </div>
    );
  }
  return (
    <ul className="za-list">
      {suggestions.map((suggestion) => (
        <li key={suggestion.id} className="za-card za-item" data-testid="suggestion-card">
          <div className="za-item__head">
            <span className="za-badge za-badge--blue">{FIELD_LABELS[suggestion.field_name] ?? suggestion.field_name}</span>
            <span className="za-badge za-badge--grey">
              {suggestion.suggestion_type === 'add_missing' ? 'Add Missing' : 'Edit Existing'}
            </span>
            <span className="za-muted">{formatDate(suggestion.created_at)}</span>
          </div>
          <h3 className="za-item__title">{suggestion.business_name || 'Unknown Business'}</h3>
          <dl className="za-values">
            <div>
              <dt>Current value</dt>
              <dd>{describeValue(suggestion.current_value) || <em>Empty</em>}</dd>
            </div>
            <div>
              <dt>Suggested value</dt>
              <dd>{describeValue(suggestion.suggested_value)}</dd>
            </div>
            {suggestion.reason && (
              <div>
                <dt>Reason</dt>
                <dd>{suggestion.reason}</dd>
              </div>
            )}
          </dl>
          <p className="za-muted">Suggested by: {suggestion.suggester_username || 'Unknown'}</p>
          <div className="za-actions">
            <button
              type="button"
              className="za-btn za-btn--outline"
              disabled={busy === suggestion.id}
              onClick={() => review(suggestion, 'reject')}
            >
              Reject
            </button>
            <button
              type="button"
              className="za-btn za-btn--primary"
              disabled={busy === suggestion.id}
              onClick={() => review(suggestion, 'approve')}
            >
              Approve &amp; Update
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
