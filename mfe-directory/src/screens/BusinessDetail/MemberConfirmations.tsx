import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CONFIRMATION_ANSWERS, formatDate } from '@zaytoon/contract/client';
import { useHost, useSession } from '@zaytoon/web-kit';
import { getConfirmationsQueryOptions } from '../../features/business/api/get-confirmations';
import { useConfirm } from '../../features/business/api/use-confirm';
import { useLocale, useMessages } from '../../i18n/messages';
import forms from '../../ui/forms.module.css';
import shared from '../../ui/page.module.css';
import { useContractLabels, useContractMessages } from '@zaytoon/web-kit/contract-messages';

/** 'Still open and still supportive?': members answer once a month; everyone sees the confirmations. */
export function MemberConfirmations({ businessId }: { businessId: number }) {
  const titleId = useId();
  const t = useMessages();
  const message = useContractMessages();
  const label = useContractLabels();
  const locale = useLocale();
  const { api, toast } = useHost();
  const viewer = useSession((state) => state.user?.id ?? null);
  const { data: summary } = useQuery(getConfirmationsQueryOptions(api, businessId, viewer));
  const confirming = useConfirm(businessId);
  const own = summary?.your_answer ?? null;

  return (
    <section className={shared.card} aria-labelledby={titleId} data-testid="member-confirmations">
      <h2 id={titleId} className={forms.sectionTitle}>
        {message('confirmationQuestion')}
      </h2>
      {summary && summary.confirmed_by > 0 && (
        <p data-testid="confirmed-by">
          {message('confirmedBy', { count: summary.confirmed_by })}
          {summary.latest_confirmed_at && (
            <span className={shared.hint}> · {t('detail.latest', { date: formatDate(summary.latest_confirmed_at, locale) })}</span>
          )}
        </p>
      )}
      {own ? (
        <p className={shared.hint} data-testid="own-answer">
          {t('detail.ownAnswer', {
            answer: label('confirmationAnswer', own.answer),
            date: formatDate(own.answered_at, locale),
            next: formatDate(own.next_answer_from, locale),
          })}
        </p>
      ) : (
        <div className={forms.actions} role="group" aria-label={message('confirmationQuestion')}>
          {CONFIRMATION_ANSWERS.map((answer) => (
            <button
              key={answer}
              type="button"
              className={answer === 'Yes' ? 'btn btn--primary' : 'btn btn--outline'}
              disabled={confirming.isPending}
              onClick={() => (viewer === null ? toast.error(message('loginToConfirm')) : confirming.mutate(answer))}
            >
              {label('confirmationAnswer', answer)}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
