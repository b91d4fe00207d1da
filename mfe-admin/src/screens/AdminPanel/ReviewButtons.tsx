import { useMessages } from '../../i18n/messages';
import card from './card.module.css';
import { useBusy } from './useBusy';

/** A review card's 'Reject' and approve buttons: both stay disabled until the decision settles. */
export function ReviewButtons({
  onReview,
  approveLabel,
}: {
  onReview: (action: 'approve' | 'reject') => Promise<unknown>;
  /** The approve button's words ('Approve' unless given). */
  approveLabel?: string;
}) {
  const t = useMessages();
  const [busy, run] = useBusy();
  return (
    <div className={card.actions}>
      <button type="button" className="btn btn--outline" disabled={busy} onClick={() => run(() => onReview('reject'))}>
        {t('action.reject')}
      </button>
      <button type="button" className="btn btn--primary" disabled={busy} onClick={() => run(() => onReview('approve'))}>
        {approveLabel ?? t('action.approve')}
      </button>
    </div>
  );
}
