import { formatDate, type PartnerSubmission } from '@zaytoon/contract/client';
import { usePendingSubmissions, useReviewSubmission, type SubmissionAction } from '../../features/admin/api/partner-submissions';
import { useMessages } from '../../i18n/messages';
import { SearchedList } from './SearchedList';
import { ReviewButtons } from './ReviewButtons';
import { settled } from './QueueTab';
import card from './card.module.css';

/**
 * Businesses partners submitted with their API key, oldest first, searched by business name: approving lists the
 * business, rejecting lists nothing.
 */
export function SubmissionsTab() {
  const t = useMessages();
  const review = useReviewSubmission();
  return (
    <SearchedList
      testId="submissions"
      useItems={usePendingSubmissions}
      failure="internalError"
      empty={t('submissions.empty')}
      renderItem={(submission) => (
        <SubmissionCard key={submission.id} submission={submission} onReview={(action) => settled(review.mutateAsync({ submission, action }))} />
      )}
    />
  );
}

function SubmissionCard({ submission, onReview }: { submission: PartnerSubmission; onReview: (action: SubmissionAction) => Promise<unknown> }) {
  const t = useMessages();
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
      <ReviewButtons onReview={onReview} />
    </li>
  );
}
