import { screen, within } from '@testing-library/react';
import { renderWithHost } from '../../test/harness';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { business, report } from '../../test/fixtures';
import { ReportedBusinessCard } from './ReportedBusinessCard';

const renderCard = (props: Parameters<typeof ReportedBusinessCard>[0]) =>
  renderWithHost(
    <ul>
      <ReportedBusinessCard {...props} />
    </ul>,
  );

const reported = business(7, {
  report_count: 5,
  latest_reports: [
    report(5, { reason: 'Other', description: 'fifth' }),
    report(4, { reason: 'Spam or duplicate' }),
    report(3, { reporter_username: null, reporter: null }),
    report(2),
  ],
});

describe('reported business card (SPEC §2 Businesses tab)', () => {
  it('shows the count badge, category, name, address, View and the 3 latest reports, then "And N more"', () => {
    renderCard({ business: reported, onDelete: vi.fn() });
    const card = screen.getByTestId('reported-business-card');
    expect(within(card).getByTestId('report-count-badge').textContent).toBe('5 reports');
    expect(card.textContent).toContain('Cafe');
    expect(within(card).getByRole('heading').textContent).toBe('Olive Tree Cafe');
    expect(card.textContent).toContain('1 High Street, Leeds LS1 1AA');
    const view = within(card).getByRole('link', { name: 'View' });
    expect(view.getAttribute('href')).toBe('/business/7');
    expect(view.getAttribute('target')).toBe('_blank');
    const latest = within(card).getAllByTestId('latest-report');
    expect(latest).toHaveLength(3);
    expect(latest[0].textContent).toContain('Other');
    expect(latest[0].textContent).toContain('fifth');
    expect(latest[0].textContent).toContain('Reported by: layla');
    expect(latest[2].textContent).toContain('Reported by: former member');
    expect(card.textContent).toContain('And 2 more reports...');
  });

  it("shows each latest report's reporter record as the Reports tab does, none for a former member", () => {
    const twoDaysAgo = new Date(Date.now() - 50 * 60 * 60 * 1000).toISOString();
    const withRecord = business(7, {
      report_count: 2,
      latest_reports: [
        report(5, { reporter: { username: 'layla', account_created_at: twoDaysAgo, reports_upheld: 0, reports_rejected: 4 } }),
        report(3, { reporter_username: null, reporter: null }),
      ],
    });
    renderCard({ business: withRecord, onDelete: vi.fn() });
    const latest = screen.getAllByTestId('latest-report');
    expect(within(latest[0]).getByTestId('reporter-record').textContent).toBe('Account 2 days old · 0 upheld · 4 rejected');
    expect(within(latest[1]).queryByTestId('reporter-record')).toBeNull();
  });

  it('says "1 report" and no "more" line for a single report', () => {
    renderCard({ business: business(8, { report_count: 1, latest_reports: [report(9)] }), onDelete: vi.fn() });
    const card = screen.getByTestId('reported-business-card');
    expect(within(card).getByTestId('report-count-badge').textContent).toBe('1 report');
    expect(card.textContent).not.toContain('more reports');
  });

  it('deletes only after the confirmation, in SPEC §8 words', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const onDelete = vi.fn(async () => {});
    renderCard({ business: reported, onDelete });
    const button = screen.getByRole('button', { name: 'Delete Business' });
    await userEvent.click(button);
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete "Olive Tree Cafe"? This action cannot be undone.');
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(button);
    expect(onDelete).toHaveBeenCalledTimes(1);
  });
});
