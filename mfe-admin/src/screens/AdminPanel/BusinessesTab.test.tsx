import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@zaytoon/contract/client';
import { business, fakeAdminServer, report } from '../../test/fixtures';
import { fakeApi, fakeHost, renderWithHost, routeFake } from '../../test/harness';
import { BusinessesTab } from './BusinessesTab';

describe('Businesses tab', () => {
  it("shows 'No Reported Businesses' when no business has pending reports", async () => {
    renderWithHost(<BusinessesTab />, fakeHost({ api: fakeAdminServer({}).api }));
    expect((await screen.findByTestId('no-businesses')).textContent).toContain('No Reported Businesses');
  });

  it("says its own load failed, never 'No Reported Businesses'", async () => {
    const api = fakeApi({ reportedBusinesses: async () => Promise.reject(new ApiError(500, 'Internal server error')) });
    renderWithHost(<BusinessesTab />, fakeHost({ api }));
    expect((await screen.findByRole('alert')).textContent).toContain('Try again');
    expect(screen.queryByTestId('no-businesses')).toBeNull();
  });

  it('lists one card per reported business, deletes the confirmed one, and focus moves to the next card', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const server = fakeAdminServer({
      businesses: [business(7), business(8, { name: 'Jaffa Books' }), business(9, { name: 'Gaza Kitchen' })],
      reports: [report(1), report(2, { business_id: 8, business_name: 'Jaffa Books' }), report(3, { business_id: 9, business_name: 'Gaza Kitchen' })],
    });
    const deleteBusiness = routeFake(server.api, 'deleteBusiness');
    renderWithHost(<BusinessesTab />, fakeHost({ api: server.api }));
    await waitFor(() => expect(screen.getAllByTestId('reported-business-card')).toHaveLength(3));
    const cards = screen.getAllByTestId('reported-business-card');
    const ids = () => screen.getAllByTestId('reported-business-card').map((card) => card.dataset.businessId);
    const [first, second] = [ids()[0], ids()[1]];
    await userEvent.click(within(cards[0]).getByRole('button', { name: 'Delete Business' }));
    expect(window.confirm).toHaveBeenCalledWith(expect.stringContaining('This action cannot be undone.'));
    expect(deleteBusiness).toHaveBeenCalledWith({ id: Number(first) });
    await waitFor(() => expect(ids()).not.toContain(first));
    await waitFor(() => expect((document.activeElement as HTMLElement).dataset.businessId).toBe(second));
  });
});
