import type { Report, ReviewAction } from '@zaytoon/contract/client';
import { ReportCard } from './ReportCard';

export function ReportsTab({ reports, onReview }: { reports: Report[]; onReview: (report: Report, action: ReviewAction) => Promise<unknown> }) {
  if (reports.length === 0) {
    return (
      <div className="za-card za-empty" data-testid="no-reports">
        <h2>No Pending Reports</h2>
        <p>All reports have been reviewed.</p>
      </div>
    );
  }
  return (
    <ul className="za-list" aria-label="Pending reports">
      {reports.map((report) => (
        <ReportCard key={report.id} report={report} onReview={(action) => onReview(report, action)} />
      ))}
    </ul>
  );
}
