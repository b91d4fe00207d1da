import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@zaytoon/contract/client';
import { fakeApi, fakeHost, renderScreen } from '../../test/harness';
import { ForgotPasswordScreen } from './ForgotPasswordScreen';

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

describe('forgot password (SPEC §2)', () => {
  afterEach(() => vi.useRealTimers());

  it('goes step 1 -> 2 -> 4 and then to /login after 3 seconds', async () => {
    const host = fakeHost({ api: fakeApi({ forgotPassword: async () => ({}), resetPassword: async () => ({}) }) });
    renderScreen(<ForgotPasswordScreen />, { path: '/forgot-password', host });
    expect(heading()).toBe('Forgot Password');
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
    await userEvent.type(screen.getByLabelText('Email or Username'), 'sami');
    await userEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    await waitFor(() => expect(heading()).toBe('Enter Verification Code'));
    expect(host.api.call).toHaveBeenCalledWith('forgotPassword', { body: { email_or_username: 'sami' } });
    const code = screen.getByLabelText('Verification Code') as HTMLInputElement;
    expect(code.maxLength).toBe(6);
    expect(screen.getByText('Code expires in 15 minutes')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toBeTruthy();

    await userEvent.type(code, '123456');
    await userEvent.type(screen.getByLabelText('New Password'), 'abc');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(host.toast.error).toHaveBeenCalledWith('Password must be at least 6 characters');
    await userEvent.type(screen.getByLabelText('New Password'), 'def');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(host.toast.error).toHaveBeenCalledWith('Passwords do not match');
    expect(screen.getByTestId('form-error').textContent).toBe('Passwords do not match');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'def');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(heading()).toBe('Password Reset Successful'));
    expect(host.api.call).toHaveBeenCalledWith('resetPassword', {
      body: {
        email_or_username: 'sami',
        verification_code: '123456',
        new_password: 'abcdef',
      },
    });
    expect(screen.queryByRole('link', { name: 'Back to Login' })).toBeNull();
    act(() => {
      vi.advanceTimersByTime(2900);
    });
    expect(screen.getByTestId('location').textContent).toBe('/forgot-password');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it("'Back' returns to step 1", async () => {
    renderScreen(<ForgotPasswordScreen />, { path: '/forgot-password', host: fakeHost({ api: fakeApi({ forgotPassword: async () => ({}) }) }) });
    await userEvent.type(screen.getByLabelText('Email or Username'), 'sami');
    await userEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(heading()).toBe('Forgot Password');
  });

  it("shows the server's detail, the fallback, the network error, or that an offline page needs a connection", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const answers = [
      new ApiError(429, 'Too many requests. Please try again later.'),
      new ApiError(500, null),
      new ApiError(0, null),
      // The shell's client: no answer while the page shows saved answers.
      new ApiError(0, null, undefined, undefined, { code: 'needsConnection' }),
    ];
    const host = fakeHost({ api: fakeApi({ forgotPassword: async () => Promise.reject(answers.shift()) }) });
    renderScreen(<ForgotPasswordScreen />, { path: '/forgot-password', host });
    await userEvent.type(screen.getByLabelText('Email or Username'), 'sami');
    for (const expected of [
      'Too many requests. Please try again later.',
      'Failed to send verification code',
      'Network error. Please try again.',
      'You are offline: this needs a connection.',
    ]) {
      await userEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
      await waitFor(() => expect(host.toast.error).toHaveBeenLastCalledWith(expected));
    }
  });
});
