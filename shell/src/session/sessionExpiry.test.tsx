import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ApiError, FIRST_LOAD_MESSAGES, MESSAGES, type ApiClient } from '@zaytoon/contract/client';
import { memberUser, renderShell } from '../test/harness';
import { pageRemoteLoader } from '../test/pageRemote';

const answering = (error: ApiError) => ({ call: vi.fn(async () => Promise.reject(error)) }) as unknown as ApiClient;

const toastTexts = (toasts: ReturnType<typeof renderShell>['toasts']) => toasts.getState().toasts.map((toast) => toast.message);

describe('an expired session', () => {
  it("a 401 to a logged-in user's action: the user is forgotten, one toast, and /login remembers the page", async () => {
    const { session, toasts } = renderShell('/business/5?tab=comments', {
      user: memberUser,
      loader: pageRemoteLoader,
      api: answering(new ApiError(401, MESSAGES.notAuthenticated)),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'vote' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(JSON.parse(screen.getByTestId('location-state').textContent ?? 'null')).toEqual({ from: '/business/5?tab=comments' });
    expect(session.getState().user).toBeNull();
    expect(toastTexts(toasts)).toEqual([FIRST_LOAD_MESSAGES.sessionExpired]);

    // Logging in again returns to the page.
    await act(async () => session.getState().setUser(memberUser));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/business/5?tab=comments'));
  });

  it("says so in the page's language (the shell's own catalog)", async () => {
    const { toasts } = renderShell('/business/5', {
      user: memberUser,
      loader: pageRemoteLoader,
      api: answering(new ApiError(401, MESSAGES.notAuthenticated)),
      language: 'ar',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'vote' }));
    await waitFor(() => expect(toastTexts(toasts)).toEqual(['انتهت صلاحية جلستك. يُرجى تسجيل الدخول مرة أخرى.']));
  });

  it('another failure changes nothing', async () => {
    const { session, toasts } = renderShell('/business/5', {
      user: memberUser,
      loader: pageRemoteLoader,
      api: answering(new ApiError(403, MESSAGES.adminOnly)),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'vote' }));
    await waitFor(() => expect(toastTexts(toasts)).toEqual([MESSAGES.adminOnly]));
    expect(session.getState().user).toEqual(memberUser);
    expect(screen.getByTestId('location').textContent).toBe('/business/5');
  });

  it("a visitor's 401 is not an expiry", async () => {
    const { toasts } = renderShell('/business/5', {
      loader: pageRemoteLoader,
      api: answering(new ApiError(401, MESSAGES.notAuthenticated)),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'vote' }));
    await waitFor(() => expect(toastTexts(toasts)).toEqual([MESSAGES.notAuthenticated]));
    expect(screen.getByTestId('location').textContent).toBe('/business/5');
  });

  it('a 401 to logout is not an expiry (logging out ends the session anyway)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const api = answering(new ApiError(401, MESSAGES.notAuthenticated));
    const { toasts, session } = renderShell('/business/5', { user: memberUser, loader: pageRemoteLoader, api });
    await userEvent.click(await screen.findByRole('button', { name: 'log out' }));
    await waitFor(() => expect(api.call).toHaveBeenCalledWith('logout'));
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(toastTexts(toasts)).toEqual([]);
    expect(session.getState().user).toEqual(memberUser);
    expect(screen.getByTestId('location').textContent).toBe('/business/5');
  });
});
