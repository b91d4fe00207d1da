import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@zaytoon/contract/client';
import { fakeApi, fakeHost, fakeSession, member, renderScreen } from '../../test/harness';
import { ChangePasswordScreen } from './ChangePasswordScreen';

async function fill(current: string, next: string, confirm: string) {
  await userEvent.type(screen.getByLabelText('Current Password'), current);
  await userEvent.type(screen.getByLabelText('New Password'), next);
  await userEvent.type(screen.getByLabelText('Confirm New Password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('change password (SPEC §2)', () => {
  afterEach(() => vi.useRealTimers());

  it('asks visitors to log in', async () => {
    renderScreen(<ChangePasswordScreen />, { path: '/change-password' });
    expect(screen.getByText('Please log in to change your password')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Go to Login' }));
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('checks the rules before calling the API', async () => {
    const host = fakeHost({ session: fakeSession(member) });
    renderScreen(<ChangePasswordScreen />, { path: '/change-password', host });
    expect(screen.getByRole('link', { name: '← Back to Directory' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByText('Must be at least 6 characters')).toBeTruthy();
    await fill('oldpass', 'short', 'short');
    expect(host.toast.error).toHaveBeenLastCalledWith('New password must be at least 6 characters');
    expect(screen.getByRole('alert').textContent).toBe('New password must be at least 6 characters');
    document.body.innerHTML = '';
    renderScreen(<ChangePasswordScreen />, { path: '/change-password', host });
    await fill('oldpass', 'newpass1', 'newpass2');
    expect(host.toast.error).toHaveBeenLastCalledWith('New passwords do not match');
    document.body.innerHTML = '';
    renderScreen(<ChangePasswordScreen />, { path: '/change-password', host });
    await fill('samepass', 'samepass', 'samepass');
    expect(host.toast.error).toHaveBeenLastCalledWith('New password must be different from current password');
    expect(host.api.call).not.toHaveBeenCalled();
  });

  it("says 'Password Changed', then goes to /dashboard after 2 seconds", async () => {
    const host = fakeHost({ session: fakeSession(member), api: fakeApi({ changePassword: async () => ({}) }) });
    renderScreen(<ChangePasswordScreen />, { path: '/change-password', host });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await fill('oldpass', 'newpass1', 'newpass1');
    await screen.findByText('Password Changed');
    expect(screen.getByText('Redirecting to dashboard...')).toBeTruthy();
    expect(host.toast.success).toHaveBeenCalledWith('Password changed successfully!');
    expect(host.api.call).toHaveBeenCalledWith('changePassword', { body: { current_password: 'oldpass', new_password: 'newpass1' } });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
  });

  it("says 'Changing Password...' on a disabled button while the request runs", async () => {
    const host = fakeHost({ session: fakeSession(member), api: fakeApi({ changePassword: () => new Promise(() => {}) }) });
    renderScreen(<ChangePasswordScreen />, { path: '/change-password', host });
    await fill('oldpass', 'newpass1', 'newpass1');
    const button = await screen.findByRole('button', { name: 'Changing Password...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's detail or 'Network error. Please try again.'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const answers = [new ApiError(400, 'Current password is incorrect'), new TypeError('Failed to fetch')];
    const host = fakeHost({
      session: fakeSession(member),
      api: fakeApi({ changePassword: async () => Promise.reject(answers.shift()) }),
    });
    renderScreen(<ChangePasswordScreen />, { path: '/change-password', host });
    await fill('oldpass', 'newpass1', 'newpass1');
    await waitFor(() => expect(host.toast.error).toHaveBeenLastCalledWith('Current password is incorrect'));
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(host.toast.error).toHaveBeenLastCalledWith('Network error. Please try again.'));
  });
});
