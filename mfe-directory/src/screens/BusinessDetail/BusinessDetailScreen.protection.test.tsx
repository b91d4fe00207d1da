import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, MESSAGES, type Protection } from '@zaytoon/contract/client';
import { business, fakeApi, fakeHost, fakeSession, member, renderScreen } from '../../test/harness';
import { listPage } from '../../test/directoryFakes';
import { BusinessDetailScreen } from './BusinessDetailScreen';

const PAUSED: Protection = { state: 'paused', since: '2026-11-29T18:00:00.000Z', reason: 'burst' };

function open(protection: () => Protection | null, vote?: () => Promise<never>) {
  const host = fakeHost({
    api: fakeApi({
      getBusiness: async () => business({ id: 5, protection: protection() }),
      getVotes: async () => ({ vote_score: 0, upvotes: 0, downvotes: 0, user_vote: null }),
      canEdit: async () => ({ can_edit: false, is_owner: false }),
      listComments: async () => listPage([]),
      listSuggestions: async () => [],
      ...(vote ? { vote } : {}),
    }),
    session: fakeSession(member),
  });
  renderScreen(<BusinessDetailScreen />, { path: '/business/5', pattern: '/business/:id', host });
  return host;
}

describe('unusual activity on the business page', () => {
  it('shows the neutral notice while the business is paused, and nothing otherwise', async () => {
    open(() => PAUSED);
    expect((await screen.findByTestId('unusual-activity')).textContent).toBe(MESSAGES.businessPausedForNewAccounts);
  });

  it('a new account whose vote meets the pause reads the business again, so the notice shows at once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let protection: Protection | null = null;
    const host = open(
      () => protection,
      async () => {
        protection = PAUSED;
        throw new ApiError(423, MESSAGES.businessPausedForNewAccounts, undefined, undefined, { code: 'businessPausedForNewAccounts' });
      },
    );
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('unusual-activity')).toBeNull();
    await userEvent.click(await screen.findByTestId('downvote'));
    await waitFor(() => expect(host.toast.error).toHaveBeenCalledWith(MESSAGES.businessPausedForNewAccounts));
    expect((await screen.findByTestId('unusual-activity')).textContent).toBe(MESSAGES.businessPausedForNewAccounts);
  });
});
