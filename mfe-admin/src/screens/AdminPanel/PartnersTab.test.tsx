import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAdminServer, partnerKey } from '../../test/fixtures';
import { fakeHost, renderWithHost } from '../../test/harness';
import { AdminPanel } from './AdminPanel';

async function openPartners(partnerKeys: ReturnType<typeof partnerKey>[]) {
  const server = fakeAdminServer({ partnerKeys });
  const host = fakeHost({ api: server.api });
  renderWithHost(<AdminPanel />, host);
  await userEvent.click(await screen.findByRole('tab', { name: `Partners (${partnerKeys.length})` }, { timeout: 5000 }));
  await screen.findByTestId('partners');
  return { server, host };
}

describe('Partners tab', () => {
  it("lists each key: the partner's name, the key's first characters, its calls and its limit, and whether it is revoked", async () => {
    await openPartners([
      partnerKey(1, { requests: 1234, requests_per_minute: 120 }),
      partnerKey(2, { requests: 1, revoked_at: '2026-11-29T20:00:00.000Z' }),
    ]);
    const [live, revoked] = screen.getAllByTestId('partner-key-card');
    expect(live.textContent).toContain('Example Wallet 1');
    expect(live.textContent).toContain('Key zk_abcdef1…');
    expect(within(live).getByTestId('partner-usage').textContent).toBe('1,234 calls so far, at most 120 a minute');
    expect(within(live).getByRole('button', { name: 'Revoke' })).toBeTruthy();
    expect(within(revoked).getByTestId('partner-usage').textContent).toBe('1 call so far, at most 60 a minute');
    expect(revoked.textContent).toContain('Revoked');
    expect(within(revoked).queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('issues a key and shows it once, until Done', async () => {
    const { server } = await openPartners([]);
    expect(screen.getByTestId('partners').textContent).toContain('No API keys yet');
    await userEvent.type(screen.getByLabelText('Partner name'), 'Boycott Maps');
    await userEvent.clear(screen.getByLabelText('Calls a minute'));
    await userEvent.type(screen.getByLabelText('Calls a minute'), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Issue key' }));
    const shown = await screen.findByTestId('issued-key');
    expect(shown.textContent).toContain('The key for Boycott Maps. Copy it now: it will not be shown again.');
    expect(within(shown).getByTestId('issued-key-value').textContent).toMatch(/^zk_/);
    expect(server.state.partnerKeys).toMatchObject([{ partner_name: 'Boycott Maps', requests_per_minute: 30 }]);
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Partners (1)' })).toBeTruthy());
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('issued-key')).toBeNull();
  });

  it('revokes a key and says so', async () => {
    const { server, host } = await openPartners([partnerKey(1)]);
    await userEvent.click(within(screen.getByTestId('partner-key-card')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith('Key revoked: it no longer works'));
    expect(server.state.partnerKeys[0].revoked_at).not.toBeNull();
    await waitFor(() => expect(screen.getByTestId('partner-key-card').textContent).toContain('Revoked'));
  });
});
