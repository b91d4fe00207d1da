import { formatDate, NEW_TAB_REL, type ReviewAction, type Suggestion } from '@zaytoon/contract/client';
import { useContractLabels, useDescribeValue } from '@zaytoon/web-kit/contract-messages';
import { ReviewButtons } from './ReviewButtons';
import { rich } from '../../i18n/Rich';
import { useMessages } from '../../i18n/messages';
import card from './card.module.css';

/** A pending suggestion (SPEC §2 Suggestions tab). */
export function SuggestionCard({ suggestion, onReview }: { suggestion: Suggestion; onReview: (action: ReviewAction) => Promise<unknown> }) {
  const t = useMessages();
  const label = useContractLabels()('field', suggestion.field_name);
  const describe = useDescribeValue();
  return (
    <li
      tabIndex={-1}
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
          {t(suggestion.suggestion_type === 'add_missing' ? 'suggestion.addMissing' : 'suggestion.editExisting')}
        </span>
        <time className={card.muted} dateTime={suggestion.created_at}>
          {formatDate(suggestion.created_at)}
        </time>
      </div>
      <h3 className={card.itemTitle} dir="auto">
        <a href={`/business/${suggestion.business_id}`} target="_blank" rel={NEW_TAB_REL}>
          {suggestion.business_name || t('suggestion.unknownBusiness')}
        </a>
      </h3>
      <dl className={card.values}>
        <div>
          <dt>{t('suggestion.current')}</dt>
          <dd data-testid="current-value" dir="auto">
            {describe.value(suggestion.current_value) || <em>{t('suggestion.empty')}</em>}
          </dd>
        </div>
        <div>
          <dt>{t('suggestion.suggested')}</dt>
          <dd data-testid="suggested-value" dir="auto">
            {describe.value(suggestion.suggested_value)}
          </dd>
        </div>
        {suggestion.reason && (
          <div>
            <dt>{t('suggestion.reason')}</dt>
            <dd dir="auto">{suggestion.reason}</dd>
          </div>
        )}
      </dl>
      <p className={card.muted}>
        {rich(t, 'suggestion.by', { name: <bdi dir="auto">{suggestion.suggester_username ?? t('common.formerMember')}</bdi> })}
      </p>
      <ReviewButtons onReview={onReview} approveLabel={t('suggestion.approveUpdate')} />
    </li>
  );
}
