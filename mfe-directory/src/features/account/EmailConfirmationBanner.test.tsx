import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@zaytoon/contract/client';
import { NavBar } from '../../ui/NavBar';
import { fakeApi, fakeHost, fakeSession, member, renderScreen } from '../../test/harness';

const withUser = (emailConfirmed: boolean | undefined, resend: () => unknown = async () => ({})) => {
  const host = fakeHost({
    api: fakeApi({ resendEmailConfirmation: resend }),
    session: fakeSession({ ...member, email: 'sami@example.com', email_confirmed: emailConfirmed }),
  });
  renderScreen(<NavBar />, { host });
  return host;
};

describe("the top bar's email confirmation banner", () => {
  it('says the address is unconfirmed and resends the link, with the server’s answer', async () => {
    const host = withUser(false, async () => ({ message: 'We sent you a new confirmation link' }));
    const banner = await screen.findByTestId('email-confirmation-banner');
    expect(banner.textContent).toContain('Please confirm your email address: we sent a link to sami@example.com.');
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith('We sent you a new confirmation link'));
    expect(host.api.call).toHaveBeenCalledWith('resendEmailConfirmation');
  });

  it('shows the rate limit in the server’s words', async () => {
    const host = withUser(false, async () => Promise.reject(new ApiError(429, 'Too many requests, please try again later')));
    await userEvent.click(await screen.findByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(host.toast.error).toHaveBeenCalledWith(expect.stringMatching(/Too many requests/)));
  });

  it('is not there for a confirmed address', async () => {
    withUser(true);
    expect(await screen.findByTestId('welcome')).toBeTruthy();
    expect(screen.queryByTestId('email-confirmation-banner')).toBeNull();
  });
});
