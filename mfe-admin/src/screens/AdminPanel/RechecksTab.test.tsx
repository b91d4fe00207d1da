import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { business, fakeAdminServer, recheck } from '../../test/fixtures';
import { fakeHost, renderWithHost, testQueryClient } from '../../test/harness';
import { AdminPanel } from './AdminPanel';

const flagged = recheck(7, {
  business: { id: 7, name: 'Olive Tree Cafe', city: 'Leeds', postcode: 'LS1 1AA', category: 'Cafe' },
  reason: 'members',
  member_answers: [
    { username: 'layla', answer: 'Closed', answered_at: '2026-11-20T10:00:00.000Z' },
    { username: null, answer: 'No longer supportive', answered_at: '2026-11-19T10:00:00.000Z' },
  ],
});
const due = recheck(8, {
  business: { id: 8, name: 'Jaffa Books', city: 'York', postcode: 'YO1 1AA', category: 'Bookshop' },
  reason: 'due',
  verification: { status: 'due', method: 'Visited in person', date: '2025-03-14', due_date: '2026-03-14' },
  since: '2026-03-14T00:00:00.000Z',
});

async function openRechecks(server = fakeAdminServer({ rechecks: [flagged, due] })) {
  const rendered = renderWithHost(<AdminPanel />, fakeHost({ api: server.api }));
  await userEvent.click(await screen.findByRole('tab', { name: 'Re-checks (2)' }));
  await screen.findAllByTestId('recheck-card');
  return { server, ...rendered };
}

const card = (id: number) => screen.getAllByTestId('recheck-card').find((element) => element.dataset.businessId === String(id))!;

describe('Re-checks tab', () => {
  it("lists why each business needs a re-check: the members' answers, or the verification that fell due", async () => {
    await openRechecks();
    expect(screen.getAllByTestId('recheck-card').map((element) => element.dataset.reason)).toEqual(['members', 'due']);
    const members = card(7);
    expect(members.textContent).toContain('Members say it closed or stopped');
    expect(within(members).getByRole('list', { name: "Members' answers" }).textContent).toContain('Closed · layla · 20/11/2026');
    expect(members.textContent).toContain('No longer supportive · former member');
    expect(within(members).getByRole('link', { name: 'Olive Tree Cafe' }).getAttribute('href')).toBe('/business/7');
    expect(card(8).textContent).toContain('Verification due');
    expect(card(8).textContent).toContain('Last verified: Visited in person, 14/03/2025');
  });

  it('verifies from a card: the method is required, the decision is sent, toasted, and the card leaves', async () => {
    const { server, host } = await openRechecks();
    await userEvent.click(within(card(8)).getByRole('button', { name: 'Verify' }));
    const dialog = screen.getByRole('dialog', { name: 'Verify Jaffa Books' });
    const save = within(dialog).getByRole('button', { name: 'Save verification' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await userEvent.selectOptions(within(dialog).getByLabelText('Method'), 'Confirmed with the owner');
    await userEvent.type(within(dialog).getByLabelText('Note'), 'Phoned the owner');
    await userEvent.click(save);
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith('Business verified'));
    expect(server.api.call).toHaveBeenCalledWith('verifyBusiness', {
      id: 8,
      body: { method: 'Confirmed with the owner', note: 'Phoned the owner', evidence_url: '', date: new Date().toISOString().slice(0, 10) },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getAllByTestId('recheck-card')).toHaveLength(1));
    expect(screen.getByRole('tab', { name: 'Re-checks (1)' })).toBeTruthy();
  });

  it("'Mark unverified' asks first, and does nothing when the admin cancels", async () => {
    const { server, host } = await openRechecks();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await userEvent.click(within(card(7)).getByRole('button', { name: 'Mark unverified' }));
    expect(server.api.call).not.toHaveBeenCalledWith('unverifyBusiness', expect.anything());
    await userEvent.click(within(card(7)).getByRole('button', { name: 'Mark unverified' }));
    expect(confirm).toHaveBeenLastCalledWith('Mark this business unverified? It loses its Verified badge until an admin verifies it again.');
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith('Business marked unverified'));
    expect(server.api.call).toHaveBeenCalledWith('unverifyBusiness', { id: 7, body: {} });
    confirm.mockRestore();
  });

  it("opened from a business's page (/admin?verify=<id>), the panel asks how that business was verified", async () => {
    const server = fakeAdminServer({ businesses: [business(9, { name: 'Gaza Kitchen' })] });
    const host = fakeHost({ api: server.api });
    renderWithHost(<AdminPanel />, host, testQueryClient(host), '/admin?verify=9');
    const dialog = await screen.findByRole('dialog', { name: 'Verify Gaza Kitchen' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Method'));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
