import { screen, within } from '@testing-library/react';
import { renderWithHost } from '../../test/harness';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { report } from '../../test/fixtures';
import { ReportsTab } from './ReportsTab';

describe('Reports tab', () => {
  it("shows 'No Pending Reports' when the queue is empty", () => {
    renderWithHost(<ReportsTab reports={[]} onReview={vi.fn()} />);
    expect(screen.getByTestId('no-reports').textContent).toContain('No Pending Reports');
    expect(screen.queryByTestId('report-card')).toBeNull();
  });

  it('lists one card per report and passes the report with the action', async () => {
    const onReview = vi.fn(async () => {});
    renderWithHost(<ReportsTab reports={[report(1), report(2, { business_id: 8 })]} onReview={onReview} />);
    const cards = screen.getAllByTestId('report-card');
    expect(cards.map((card) => card.dataset.reportId)).toEqual(['1', '2']);
    await userEvent.click(within(cards[1]).getByRole('button', { name: 'Reject' }));
    expect(onReview).toHaveBeenCalledWith(expect.objectContaining({ id: 2, business_id: 8 }), 'reject');
  });
});
