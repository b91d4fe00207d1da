import { screen, waitFor, within } from '@testing-library/react';
import { fakeHost, renderWithHost } from '../../test/harness';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { REPORT_REASONS } from '@zaytoon/contract/client';
import { report } from '../../test/fixtures';
import { REASON_CLASS, ReportCard } from './ReportCard';

const renderCard = (props: Parameters<typeof ReportCard>[0]) =>
  renderWithHost(
    <ul>
      <ReportCard {...props} />
    </ul>,
  );

describe('report card (SPEC §2 Reports tab)', () => {
  it('shows reason, en-GB date, Business ID, View Business in a new tab, details and reporter', () => {
    renderCard({ report: report(1, { created_at: '2024-03-25T10:00:00Z' }), onReview: vi.fn() });
    const card = screen.getByTestId('report-card');
    expect(within(card).getByTestId('reason-badge').textContent).toBe('Does not support Palestine');
    expect(card.textContent).toContain('25/03/2024');
    expect(card.textContent).toContain('Business ID: 7 (Olive Tree Cafe)');
    const view = within(card).getByRole('link', { name: 'View Business' });
    expect(view.getAttribute('href')).toBe('/business/7');
    expect(view.getAttribute('target')).toBe('_blank');
    expect(view.getAttribute('rel')).toContain('noopener');
    expect(card.textContent).toContain('details 1');
    expect(card.textContent).toContain('Reported by: layla (ID: 3)');
  });

  it("says 'former member' for a reporter whose account is gone, with no record line", () => {
    renderCard({ report: report(2, { reporter_username: null, reported_by: null, reporter: null }), onReview: vi.fn() });
    expect(screen.getByTestId('report-card').textContent).toContain('Reported by: former member (ID: n/a)');
    expect(screen.queryByTestId('reporter-record')).toBeNull();
  });

  const createdAgo = (days: number, hours = 0) => new Date(Date.now() - (days * 24 + hours) * 60 * 60 * 1000).toISOString();
  const withRecord = (account_created_at: string, reports_upheld: number, reports_rejected: number) =>
    report(3, { reporter: { username: 'layla', account_created_at, reports_upheld, reports_rejected } });

  it("shows the reporter's record: the account's age and how their earlier reports ended", () => {
    renderCard({ report: withRecord(createdAgo(2, 5), 0, 4), onReview: vi.fn() });
    expect(screen.getByTestId('reporter-record').textContent).toBe('Account 2 days old · 0 upheld · 4 rejected');
  });

  it.each([
    ['Account under a day old · 1 upheld · 0 rejected', createdAgo(0, 23), 1, 0],
    ['Account 1 day old · 3 upheld · 1 rejected', createdAgo(1, 2), 3, 1],
    ['Account 400 days old · 12 upheld · 0 rejected', createdAgo(400), 12, 0],
  ])('reads %s', (line, createdAt, upheld, rejected) => {
    renderCard({ report: withRecord(createdAt, upheld, rejected), onReview: vi.fn() });
    expect(screen.getByTestId('reporter-record').textContent).toBe(line);
  });

  it.each([
    ['cy', 1, 'Cyfrif 1 diwrnod oed · 2 wedi’u cadarnhau · 0 wedi’u gwrthod'],
    ['ar', 2, 'حساب عمره يومان · بلاغان مؤيَّدان · لا بلاغات مرفوضة'],
    ['ur', 0, 'اکاؤنٹ ایک دن سے کم پرانا · 2 برقرار · 0 مسترد'],
  ] as const)('words the record in %s with its plural forms', async (inLanguage, days, line) => {
    const report3 = withRecord(createdAgo(days, 1), 2, 0);
    renderWithHost(
      <ul>
        <ReportCard report={report3} onReview={vi.fn()} />
      </ul>,
      fakeHost({ inLanguage }),
    );
    await waitFor(() => expect(screen.getByTestId('reporter-record').textContent).toBe(line));
  });

  it('colours each of the six reasons differently', () => {
    expect(Object.keys(REASON_CLASS).sort()).toEqual([...REPORT_REASONS].sort());
    expect(new Set(Object.values(REASON_CLASS)).size).toBe(REPORT_REASONS.length);
    for (const className of Object.values(REASON_CLASS)) expect(className).toMatch(/^_badge/);
    for (const reason of REPORT_REASONS) {
      const { unmount } = renderCard({ report: report(1, { reason }), onReview: vi.fn() });
      expect(screen.getByTestId('reason-badge').className).toContain(REASON_CLASS[reason]);
      unmount();
    }
  });

  it('Approve & Remove Business asks first, as Delete Business does; Cancel sends nothing', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const onReview = vi.fn(async () => {});
    renderCard({ report: report(1), onReview });
    const approve = screen.getByRole('button', { name: 'Approve & Remove Business' });
    await userEvent.click(approve);
    expect(confirm).toHaveBeenCalledWith('Approve this report and remove "Olive Tree Cafe"? This action cannot be undone.');
    expect(onReview).not.toHaveBeenCalled();
    await userEvent.click(approve);
    expect(onReview).toHaveBeenCalledWith('approve');
  });

  it('Reject and Approve & Remove Business call back with the action; both wait while one runs', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    let finish: () => void = () => {};
    const onReview = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderCard({ report: report(1), onReview });
    const approve = screen.getByRole('button', { name: 'Approve & Remove Business' });
    const reject = screen.getByRole('button', { name: 'Reject' });
    await userEvent.click(approve);
    expect(onReview).toHaveBeenCalledWith('approve');
    expect(approve).toHaveProperty('disabled', true);
    expect(reject).toHaveProperty('disabled', true);
    finish();
    await vi.waitFor(() => expect(reject).toHaveProperty('disabled', false));
    await userEvent.click(reject);
    expect(onReview).toHaveBeenLastCalledWith('reject');
  });
});
