import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@zaytoon/contract/client';
import { duplicatePair, fakeAdminServer } from '../../test/fixtures';
import { fakeHost, renderWithHost } from '../../test/harness';
import { AdminPanel } from './AdminPanel';

async function openDuplicates(pairs: ReturnType<typeof duplicatePair>[]) {
  const server = fakeAdminServer({ duplicates: pairs });
  const host = fakeHost({ api: server.api });
  renderWithHost(<AdminPanel />, host);
  await userEvent.click(await screen.findByRole('tab', { name: `Possible duplicates (${pairs.length})` }));
  await screen.findByTestId('duplicates');
  return { server, host };
}

describe('Possible duplicates tab', () => {
  it("shows both businesses with links, the score and distance, and 'Added despite the warning' when so", async () => {
    await openDuplicates([duplicatePair(1, { added_despite_warning: true }), duplicatePair(2, { distance_m: null })]);
    const [first, second] = screen.getAllByTestId('duplicate-pair');
    expect(within(first).getByRole('link', { name: 'Olive Tree Bakers' }).getAttribute('href')).toBe('/business/11');
    expect(within(first).getByRole('link', { name: 'Olive Tree Bakery' }).getAttribute('href')).toBe('/business/12');
    expect(first.textContent).toContain('3 Brick Lane, London, E1 6AN');
    expect(first.textContent).toContain(MESSAGES.addedDespiteWarning);
    expect(first.textContent).toContain('name similarity 0.73 · 0 m apart');
    expect(second.textContent).not.toContain(MESSAGES.addedDespiteWarning);
    expect(second.textContent).toContain('distance unknown');
  });

  it('merges in the direction chosen, after a confirm, and the pair leaves the list', async () => {
    const { server, host } = await openDuplicates([duplicatePair(1)]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await userEvent.click(screen.getByRole('button', { name: 'Merge into Olive Tree Bakers' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Merge "Olive Tree Bakery" into "Olive Tree Bakers"?'));
    // What moves, and that ownership does not.
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('confirmations, verifications, photos and history move to "Olive Tree Bakers"'));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Ownership does not move: "Olive Tree Bakers" keeps its owner'));
    expect(server.api.call).toHaveBeenCalledWith('mergeBusiness', { id: 11, body: { from: 12 } });
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith('"Olive Tree Bakery" merged into "Olive Tree Bakers"'));
    await waitFor(() => expect(screen.getByTestId('duplicates').textContent).toContain('No possible duplicates'));
    expect(screen.getByRole('tab', { name: 'Possible duplicates (0)' })).toBeTruthy();
  });

  it("merges nothing when the confirm is declined; 'Not duplicates' dismisses the pair", async () => {
    const { server } = await openDuplicates([duplicatePair(4)]);
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    await userEvent.click(screen.getByRole('button', { name: 'Merge into Olive Tree Bakery' }));
    expect(vi.mocked(server.api.call).mock.calls.filter(([name]) => name === 'mergeBusiness')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.notDuplicates }));
    expect(server.api.call).toHaveBeenCalledWith('dismissDuplicate', { id: 4 });
    await waitFor(() => expect(screen.getByTestId('duplicates').textContent).toContain('No possible duplicates'));
  });
});
