import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type BusinessDetail } from '@zaytoon/contract/client';
import { business, fakeApi, fakeHost, fakeSession, member, renderScreen, type RouteFakes } from '../../test/harness';
import { BusinessDetailScreen } from './BusinessDetailScreen';
import { listPage } from '../../test/directoryFakes';

/** The dialog is a lazy chunk: the first import can outlast findBy's default second on a busy machine. */
const LAZY_CHUNK = { timeout: 10_000 };

function open(options: { detail?: Partial<BusinessDetail>; isOwner?: boolean; claim?: RouteFakes['claimBusiness']; signedIn?: boolean } = {}) {
  const host = fakeHost({
    api: fakeApi({
      getBusiness: async () => business({ id: 5, name: 'Olive Tree Cafe', ...options.detail }),
      getVotes: async () => ({ vote_score: 0, upvotes: 0, downvotes: 0, user_vote: null }),
      canEdit: async () => ({ can_edit: !!options.isOwner, is_owner: !!options.isOwner }),
      listComments: async () => listPage([]),
      listSuggestions: async () => [],
      claimBusiness:
        options.claim ?? (async () => ({ id: 1, business_id: 5, status: 'pending', message: 'Thank you: an admin will review your claim' })),
    }),
    ...(options.signedIn === false ? {} : { session: fakeSession(member) }),
  });
  renderScreen(<BusinessDetailScreen />, { path: '/business/5', pattern: '/business/:id', host });
  return host;
}

describe('owner claims on the business page', () => {
  it("'I own this business' sends how the member can prove it, and toasts the answer", async () => {
    const host = open();
    await userEvent.click(await screen.findByRole('button', { name: 'I own this business' }));
    const dialog = await screen.findByRole('dialog', { name: 'I own this business' }, LAZY_CHUNK);
    const submit = within(dialog).getByRole('button', { name: 'Submit Claim' }) as HTMLButtonElement;
    const evidence = within(dialog).getByLabelText('How can you prove you own it?') as HTMLTextAreaElement;
    expect(evidence.maxLength).toBe(2000);
    expect(within(dialog).getByText(/^At least 10 characters\./)).toBeTruthy();
    await userEvent.type(evidence, 'mine');
    expect(submit.disabled).toBe(true);
    await userEvent.type(evidence, ': my name is on the lease ');
    await userEvent.click(submit);
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith('Thank you: an admin will review your claim'));
    expect(host.api.call).toHaveBeenCalledWith('claimBusiness', { id: 5, body: { evidence: 'mine: my name is on the lease' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("a refused claim toasts the server's words and keeps the dialog open", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const host = open({ claim: async () => Promise.reject(new ApiError(409, 'You have already claimed this business; an admin will review it')) });
    await userEvent.click(await screen.findByRole('button', { name: 'I own this business' }));
    const dialog = await screen.findByRole('dialog', { name: 'I own this business' }, LAZY_CHUNK);
    await userEvent.type(within(dialog).getByLabelText('How can you prove you own it?'), 'I hold the keys to the shop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Claim' }));
    await waitFor(() => expect(host.toast.error).toHaveBeenCalledWith('You have already claimed this business; an admin will review it'));
    expect(screen.getByRole('dialog', { name: 'I own this business' })).toBeTruthy();
  });

  it("shows 'Managed by its owner' and the owner's last confirmation once a claim was approved; the owner is not offered the claim", async () => {
    open({ detail: { managed_by_owner: true, owner_confirmed_at: '2026-03-14T10:00:00.000Z' }, isOwner: true });
    expect((await screen.findByTestId('managed-by-owner')).textContent).toContain('Managed by its owner');
    expect(screen.getByTestId('owner-confirmed-line').textContent).toBe('Confirmed accurate by its owner · March 2026');
    await screen.findByRole('link', { name: 'Edit Business' });
    expect(screen.queryByRole('button', { name: 'I own this business' })).toBeNull();
  });

  it('shows neither the badge for a business whose owner never claimed it, nor the claim button to visitors', async () => {
    open({ detail: { managed_by_owner: false }, signedIn: false });
    await screen.findByRole('heading', { level: 1, name: 'Olive Tree Cafe' });
    expect(screen.queryByTestId('managed-by-owner')).toBeNull();
    expect(screen.queryByRole('button', { name: 'I own this business' })).toBeNull();
  });
});
