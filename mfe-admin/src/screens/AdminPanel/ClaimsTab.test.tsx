import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@zaytoon/contract/client';
import { claim, fakeAdminServer } from '../../test/fixtures';
import { fakeHost, renderWithHost } from '../../test/harness';
import { AdminPanel } from './AdminPanel';

async function openClaims(claims: ReturnType<typeof claim>[]) {
  const server = fakeAdminServer({ claims });
  const host = fakeHost({ api: server.api });
  renderWithHost(<AdminPanel />, host);
  await userEvent.click(await screen.findByRole('tab', { name: `Claims (${claims.length})` }, { timeout: 5000 }));
  await screen.findByTestId('claims');
  return { server, host };
}

describe('Claims tab', () => {
  it("lists each claim: the business (linked), the member's username and email, the evidence and the domain hint", async () => {
    await openClaims([claim(1), claim(2, { business: { id: 9, name: 'Jaffa Books', website: '' }, email_domain_matches: false })]);
    const [first, second] = screen.getAllByTestId('claim-card');
    expect(within(first).getByRole('link', { name: 'Olive Tree Cafe' }).getAttribute('href')).toBe('/business/7');
    expect(first.textContent).toContain('Claimed by: owner1 (owner1@olivetree.example)');
    expect(within(first).getByTestId('claim-evidence').textContent).toBe('I run the cafe (1)');
    expect(within(first).getByTestId('domain-match').textContent).toBe('Email domain matches the website');
    expect(within(second).queryByTestId('domain-match')).toBeNull();
  });

  it("approving takes the claim and the business's other claims out at once, and says so", async () => {
    const { server, host } = await openClaims([claim(1), claim(2), claim(3, { business: { id: 9, name: 'Jaffa Books', website: '' } })]);
    const [first] = screen.getAllByTestId('claim-card');
    await userEvent.click(within(first).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getAllByTestId('claim-card').map((card) => card.dataset.claimId)).toEqual(['3']));
    expect(screen.getByRole('tab', { name: 'Claims (1)' })).toBeTruthy();
    expect(server.state.claimDecisions).toEqual(['approve #1']);
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith('Claim approved: the member now manages the business'));
  });

  it('rejecting takes only that claim out', async () => {
    const { server } = await openClaims([claim(1), claim(2)]);
    await userEvent.click(within(screen.getAllByTestId('claim-card')[1]).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.getAllByTestId('claim-card').map((card) => card.dataset.claimId)).toEqual(['1']));
    expect(server.state.claimDecisions).toEqual(['reject #2']);
  });

  it("a refused decision puts the card back and toasts the server's words", async () => {
    const { server, host } = await openClaims([claim(1)]);
    const call = server.api.call;
    server.api.call = (async (...args: Parameters<typeof call>) => {
      if (args[0] === 'rejectClaim') throw new ApiError(409, 'Claim has already been reviewed');
      return call(...args);
    }) as typeof call;
    await userEvent.click(within(screen.getByTestId('claim-card')).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(host.toast.error).toHaveBeenCalledWith('Claim has already been reviewed'));
    expect(screen.getAllByTestId('claim-card')).toHaveLength(1);
  });

  it('says when there is none', async () => {
    await openClaims([]);
    expect(screen.getByTestId('claims').textContent).toContain('No Pending Claims');
  });
});
