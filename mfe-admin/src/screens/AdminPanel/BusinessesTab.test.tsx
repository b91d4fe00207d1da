import { screen, within } from '@testing-library/react';
import { renderWithHost } from '../../test/harness';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { business, report } from '../../test/fixtures';
import { BusinessesTab } from './BusinessesTab';

describe('Businesses tab', () => {
  it("shows 'No Reported Businesses' when no business has pending reports", () => {
    renderWithHost(<BusinessesTab businesses={[]} onDelete={vi.fn()} />);
    expect(screen.getByTestId('no-businesses').textContent).toContain('No Reported Businesses');
  });

  it('lists one card per reported business and deletes the confirmed one', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const onDelete = vi.fn(async () => {});
    const list = [
      business(7, { report_count: 1, latest_reports: [report(1)] }),
      business(8, { name: 'Jaffa Books', report_count: 2, latest_reports: [report(2), report(3)] }),
    ];
    renderWithHost(<BusinessesTab businesses={list} onDelete={onDelete} />);
    const cards = screen.getAllByTestId('reported-business-card');
    expect(cards.map((card) => card.dataset.businessId)).toEqual(['7', '8']);
    await userEvent.click(within(cards[1]).getByRole('button', { name: 'Delete Business' }));
    expect(window.confirm).toHaveBeenCalledWith('Are you sure you want to delete "Jaffa Books"? This action cannot be undone.');
    expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 8 }));
  });
});
