import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@zaytoon/contract/client';
import { fakeApi, fakeHost, fakeSession, member, renderScreen } from '../../test/harness';
import { ConfirmEmailScreen } from './ConfirmEmailScreen';

const openWith = (path: string, confirm: () => unknown) => {
  const load = vi.fn(async () => {});
  const host = fakeHost({ api: fakeApi({ confirmEmail: confirm }), session: fakeSession({ ...member, email_confirmed: false }, { load }) });
  renderScreen(<ConfirmEmailScreen />, { path, pattern: '/confirm-email', host });
  return { host, load };
};

describe("/confirm-email: the confirmation mail's link", () => {
  it("confirms nothing when the page opens, only on the member's click, then reads the session again", async () => {
    const { host, load } = openWith('/confirm-email?token=abc_DEF-123', async () => ({ message: 'Thank you: your email address is confirmed' }));
    expect((await screen.findByTestId('confirm-email')).textContent).toContain('Confirm your email address');
    expect(host.api.call).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Confirm my email address' }));
    expect((await screen.findByTestId('email-confirmed')).textContent).toContain('Thank you: your email address is confirmed');
    expect(host.api.call).toHaveBeenCalledTimes(1);
    expect(host.api.call).toHaveBeenCalledWith('confirmEmail', { body: { token: 'abc_DEF-123' } });
    expect(load).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Back to Directory' }).getAttribute('href')).toBe('/dashboard');
  });

  it("says why a used or expired link did nothing, in the server's words", async () => {
    openWith('/confirm-email?token=used', async () => Promise.reject(new ApiError(409, 'This confirmation link has already been used')));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm my email address' }));
    await waitFor(() => expect(screen.getByTestId('email-not-confirmed').textContent).toContain('This confirmation link has already been used'));
  });

  it('offers nothing to click without a token', async () => {
    const { host } = openWith('/confirm-email', async () => ({}));
    expect((await screen.findByTestId('email-not-confirmed')).textContent).toContain('This link is incomplete: open it from the email again');
    expect(screen.queryByRole('button', { name: 'Confirm my email address' })).toBeNull();
    expect(host.api.call).not.toHaveBeenCalled();
  });
});
