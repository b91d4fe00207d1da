import { formatDate, type PartnerSubmission } from '@zaytoon/contract/client';
import { usePendingSubmissions, useReviewSubmission, type SubmissionAction } from '../../features/admin/api/partner-submissions';
import { useMessages } from '../../i18n/messages';
import { useBusy } from './useBusy';
import { PagedList } from './PagedList';
import { useQueueFilters } from './QueueFilters';
import { narrows } from '../../features/admin/api/admin-list';
import card from './card.module.css';

/**
 * Businesses partners submitted with their API key, oldest first, searched by business name: approving lists the
 * business, rejecting lists nothing.
 */
export function SubmissionsTab() {
  const t = useMessages();
  const queue = useQueueFilters();
  const filter = { search: queue.search };
  const submissions = usePendingSubmissions(filter, { refetchOnMount: narrows(filter) });
  const review = useReviewSubmission();
  return (
    <PagedList
      testId="submissions"
      query={submissions}
      failure="internalError"
      empty={t('submissions.empty')}
      filters={queue.form}
      renderItem={(submission) => (
        <SubmissionCard
          key={submission.id}
          submission={submission}
          onReview={(action) =>
            review.mutateAsync({ submission, action }).then(
              () => true,
              () => false,
            )
          }
        />
      )}
    />
  );
}

function SubmissionCard({ submission, onReview }: { submission: PartnerSubmission; onReview: (action: SubmissionAction) => Promise<unknown> }) {
  const t = useMessages();
  const [busy, run] = useBusy();
  const { business } = submission;
  return (
    <li className={`${card.card} ${card.item}`} data-testid="submission-card" data-submission-id={submission.id}>
      <div className={card.itemHead}>
        <span className={`${card.badge} ${card.badgeBlue}`} data-testid="submission-partner">
          {t('submissions.from', { partner: submission.partner_name })}
        </span>
        <time className={card.muted} dateTime={submission.created_at}>
          {formatDate(submission.created_at)}
        </time>
      </div>
      <h3 className={card.itemTitle} dir="auto">
        {business.name}
      </h3>
      <p dir="auto">{[business.address, business.city, business.postcode].filter(Boolean).join(', ')}</p>
      <p className={card.muted} dir="auto">
        {business.category}
      </p>
      {business.description && (
        <p className={card.text} dir="auto">
          {business.description}
        </p>
      )}
      {business.website && (
        <p className={card.url} dir="ltr">
          {business.website}
        </p>
      )}
      <div className={card.actions}>
        <button type="button" className="btn btn--outline" disabled={busy} onClick={() => run(() => onReview('reject'))}>
          {t('action.reject')}
        </button>
        <button type="button" className="btn btn--primary" disabled={busy} onClick={() => run(() => onReview('approve'))}>
          {t('action.approve')}
        </button>
      </div>
    </li>
  );
}
