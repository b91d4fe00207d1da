import type { Report, ReviewAction } from '@zaytoon/contract/client';
import { ReportCard } from './ReportCard';
import card from './card.module.css';

export function ReportsTab({ reports, onReview }: { reports: Report[]; onReview: (report: Report, action: ReviewAction) => Promise<unknown> }) {
  if (reports.length === 0) {
    return (
      <div className={`${card.card} ${card.empty}`} data-testid="no-reports">
        <h2>No Pending Reports</h2>
        <p>All reports have been reviewed.</p>
      </div>
    );
  }
  return (
    <ul className={card.list} aria-label="Pending reports">
      {reports.map((report) => (
        <ReportCard key={report.id} report={report} onReview={(action) => onReview(report, action)} />
      ))}
    </ul>
  );
}
