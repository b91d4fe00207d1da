import { formatDate, NEW_TAB_REL, type Report, type ReviewAction } from '@zaytoon/contract/client';
import { ReporterRecordLine, reporterName } from './ReporterRecord';
import { useBusy } from './useBusy';
import { rich } from '../../i18n/Rich';
import { useMessages } from '../../i18n/messages';
import card from './card.module.css';
import { useContractLabels, useContractMessages } from '@zaytoon/web-kit/contract-messages';

/** One colour per SPEC §3 report reason. */
export const REASON_CLASS: Record<string, string> = {
  'Inaccurate information': card.badgeAmber,
  'Does not support Palestine': card.badgeRed,
  'Business closed/moved': card.badgeSlate,
  'Inappropriate content': card.badgePurple,
  'Spam or duplicate': card.badgeBlue,
  Other: card.badgeGrey,
};

export function ReasonBadge({ reason }: { reason: string }) {
  const label = useContractLabels();
  return (
    <span className={`${card.badge} ${REASON_CLASS[reason] ?? card.badgeGrey}`} data-testid="reason-badge" data-reason={reason}>
      {label('reportReason', reason)}
    </span>
  );
}

/** A pending report (SPEC §2 Reports tab). */
export function ReportCard({ report, onReview }: { report: Report; onReview: (action: ReviewAction) => Promise<unknown> }) {
  const t = useMessages();
  const message = useContractMessages();
  const [busy, run] = useBusy();
  return (
    <li
      tabIndex={-1}
      className={`${card.card} ${card.item}`}
      data-testid="report-card"
      data-report-id={report.id}
      data-business-id={report.business_id}
    >
      <div className={card.itemHead}>
        <ReasonBadge reason={report.reason} />
        {report.part_of_burst && (
          <span className={`${card.badge} ${card.badgeSlate}`} data-testid="burst-badge">
            {t('unusual.reportBadge')}
          </span>
        )}
        <time className={card.muted} dateTime={report.created_at}>
          {formatDate(report.created_at)}
        </time>
      </div>
      <p>
        <strong>{t('report.businessId')}</strong> <bdi dir="ltr">{report.business_id}</bdi>
        {report.business_name && (
          <>
            {' ('}
            <bdi dir="auto">{report.business_name}</bdi>)
          </>
        )}{' '}
        <a href={`/business/${report.business_id}`} target="_blank" rel={NEW_TAB_REL}>
          {t('report.viewBusiness')}
        </a>
      </p>
      {report.description && (
        <p className={card.text} dir="auto">
          {report.description}
        </p>
      )}
      <p className={card.muted}>
        {rich(t, 'report.reportedBy', {
          name: <bdi dir="auto">{reporterName(report, t)}</bdi>,
          id: <bdi dir="ltr">{report.reported_by ?? t('report.noId')}</bdi>,
        })}
      </p>
      <ReporterRecordLine reporter={report.reporter} />
      <div className={card.actions}>
        <button type="button" className="btn btn--outline" disabled={busy} onClick={() => run(() => onReview('reject'))}>
          {t('action.reject')}
        </button>
        <button
          type="button"
          className="btn btn--danger"
          disabled={busy}
          onClick={() => {
            if (
              !window.confirm(
                message('confirmApproveReport', {
                  business: report.business_name || t('report.businessFallback', { id: String(report.business_id) }),
                }),
              )
            )
              return;
            void run(() => onReview('approve'));
          }}
        >
          {t('report.approveRemove')}
        </button>
      </div>
    </li>
  );
}
