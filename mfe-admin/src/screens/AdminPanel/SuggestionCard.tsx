import { describeValue, FIELD_LABELS, formatDate, type ReviewAction, type Suggestion } from '@zaytoon/contract/client';
import { useBusy } from './useBusy';
import card from './card.module.css';

export function suggestionTypeLabel(type: string | null | undefined): string {
  return type === 'add_missing' ? 'Add Missing' : 'Edit Existing';
}

/** A pending suggestion (SPEC §2 Suggestions tab). */
export function SuggestionCard({ suggestion, onReview }: { suggestion: Suggestion; onReview: (action: ReviewAction) => Promise<unknown> }) {
  const [busy, run] = useBusy();
  const label = FIELD_LABELS[suggestion.field_name as keyof typeof FIELD_LABELS] ?? suggestion.field_name;
  return (
    <li
      className={`${card.card} ${card.item}`}
      data-testid="suggestion-card"
      data-suggestion-id={suggestion.id}
      data-business-id={suggestion.business_id}
    >
      <div className={card.itemHead}>
        <span className={`${card.badge} ${card.badgeBlue}`} data-testid="field-badge">
          {label}
        </span>
        <span
          className={`${card.badge} ${suggestion.suggestion_type === 'add_missing' ? card.badgeGreen : card.badgeAmber}`}
          data-testid="type-badge"
        >
          {suggestionTypeLabel(suggestion.suggestion_type)}
        </span>
        <time className={card.muted} dateTime={suggestion.created_at}>
          {formatDate(suggestion.created_at)}
        </time>
      </div>
      <h3 className={card.itemTitle}>{suggestion.business_name || 'Unknown Business'}</h3>
      <dl className={card.values}>
        <div>
          <dt>Current Value:</dt>
          <dd data-testid="current-value">{describeValue(suggestion.current_value) || <em>Empty</em>}</dd>
        </div>
        <div>
          <dt>Suggested Value:</dt>
          <dd data-testid="suggested-value">{describeValue(suggestion.suggested_value)}</dd>
        </div>
        {suggestion.reason && (
          <div>
            <dt>Reason:</dt>
            <dd>{suggestion.reason}</dd>
          </div>
        )}
      </dl>
      <p className={card.muted}>Suggested by: {suggestion.suggester_username || 'Unknown'}</p>
      <div className={card.actions}>
        <button type="button" className="btn btn--outline" disabled={busy} onClick={() => run(() => onReview('reject'))}>
          Reject
        </button>
        <button type="button" className="btn btn--primary" disabled={busy} onClick={() => run(() => onReview('approve'))}>
          Approve &amp; Update
        </button>
      </div>
    </li>
  );
}
