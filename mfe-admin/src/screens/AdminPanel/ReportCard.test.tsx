import { screen, within } from '@testing-library/react';
import { renderWithHost } from '../../test/harness';
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

  it("says 'Unknown' for a reporter whose account is gone", () => {
    renderCard({ report: report(2, { reporter_username: null, reported_by: null }), onReview: vi.fn() });
    expect(screen.getByTestId('report-card').textContent).toContain('Reported by: Unknown (ID: n/a)');
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
