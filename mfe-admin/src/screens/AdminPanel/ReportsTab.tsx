import type { Report, ReviewAction } from '@zaytoon/contract/client';
import { ReportCard } from './ReportCard';
import { useMessages } from '../../i18n/messages';
import card from './card.module.css';

export function ReportsTab({ reports, onReview }: { reports: Report[]; onReview: (report: Report, action: ReviewAction) => Promise<unknown> }) {
  const t = useMessages();
  if (reports.length === 0) {
    return (
      <div className={`${card.card} ${card.empty}`} data-testid="no-reports">
        <h2>{t('reports.emptyTitle')}</h2>
        <p>{t('reports.emptyText')}</p>
      </div>
    );
  }
  return (
    <ul className={card.list} aria-label={t('reports.list')}>
      {reports.map((report) => (
        <ReportCard key={report.id} report={report} onReview={(action) => onReview(report, action)} />
      ))}
    </ul>
  );
}
