import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { useStore } from 'zustand';
import { ApiError, MESSAGES } from '@zaytoon/contract/client';
import { fakeApi, fakeHost, fakeSession, member, renderScreen, routeFake } from '../../test/harness';
import { AccountSettingsScreen, pictureProblem, RELOAD_AFTER_PICTURE_MS } from './AccountSettingsScreen';

describe('account settings (SPEC §2)', () => {
  it('asks visitors to log in', () => {
    renderScreen(<AccountSettingsScreen />, { path: '/account-settings' });
    expect(screen.getByText('Please log in to access settings')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to Login' })).toBeTruthy();
  });

  it("shows the name's first letter without a picture, and the upload hint", () => {
    renderScreen(<AccountSettingsScreen />, { path: '/account-settings', host: fakeHost({ session: fakeSession(member) }) });
    expect(screen.getByTestId('avatar').textContent).toBe('S');
    expect(screen.getByText('JPEG, PNG, GIF, or WebP (max 2.5MB)')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Change Password' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Back to Directory' }).getAttribute('href')).toBe('/dashboard');
  });

  it('tells the member that others see their username and picture, never their name', () => {
    renderScreen(<AccountSettingsScreen />, { path: '/account-settings', host: fakeHost({ session: fakeSession(member) }) });
    expect(screen.getByTestId('public-identity').textContent).toBe('Others see your username and picture, never your name.');
  });

  it('checks pictures before upload', () => {
    const problem = (file: { size: number; type: string }) => {
      const code = pictureProblem(file);
      return code && MESSAGES[code];
    };
    expect(problem({ size: 2_621_440, type: 'image/png' })).toBeNull();
    expect(problem({ size: 2_621_441, type: 'image/png' })).toBe('File size must be less than 2.5MB');
    expect(problem({ size: 10, type: 'image/svg+xml' })).toBe('Only JPEG, PNG, GIF, and WebP images are allowed');
  });

  it("uploads a picture, toasts 'Profile picture updated!' and reloads", async () => {
    const reload = vi.fn();
    const host = fakeHost({ session: fakeSession(member), api: fakeApi({ uploadProfilePicture: async () => ({ picture: '/x.png' }) }) });
    renderScreen(<AccountSettingsScreen reload={reload} />, { path: '/account-settings', host });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const file = new File(['png'], 'me.png', { type: 'image/png' });
      await userEvent.upload(screen.getByLabelText('Upload Picture'), file);
      await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith('Profile picture updated!'));
      expect(routeFake(host.api, 'uploadProfilePicture').mock.calls[0][0].body.get('file')).toEqual(file);
      // not at once: the toast must be visible before the page reloads, and the button stays busy meanwhile
      expect(reload).not.toHaveBeenCalled();
      expect(screen.getByText('Uploading...')).toBeTruthy();
      act(() => {
        vi.advanceTimersByTime(RELOAD_AFTER_PICTURE_MS);
      });
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("labels the confirm step 'Please type DELETE to confirm'", async () => {
    renderScreen(<AccountSettingsScreen />, { path: '/account-settings', host: fakeHost({ session: fakeSession(member) }) });
    await userEvent.click(screen.getByRole('button', { name: 'Delete My Account' }));
    expect(screen.getByLabelText('Please type DELETE to confirm')).toBeTruthy();
  });

  it('deletes the account only after typing DELETE', async () => {
    const host = fakeHost({ session: fakeSession(member), api: fakeApi({ deleteAccount: async () => ({}) }) });
    renderScreen(<AccountSettingsScreen />, { path: '/account-settings', host });
    const zone = screen.getByTestId('danger-zone');
    expect(zone.textContent).toContain('cannot be undone');
    await userEvent.click(screen.getByRole('button', { name: 'Delete My Account' }));
    const confirm = screen.getByRole('button', { name: 'Confirm Delete' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Please type DELETE to confirm'), 'delete');
    expect(confirm.disabled).toBe(true);
    await userEvent.clear(screen.getByLabelText('Please type DELETE to confirm'));
    await userEvent.type(screen.getByLabelText('Please type DELETE to confirm'), 'DELETE');
    expect(confirm.disabled).toBe(false);
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(host.toast.success).toHaveBeenCalledWith('Account deleted successfully');
    expect(host.session.getState().user).toBeNull();
  });

  it("after deleting, a shell-like guard does not send the visitor to /login: it ends on '/' logged out", async () => {
    const host = fakeHost({ session: fakeSession(member), api: fakeApi({ deleteAccount: async () => ({}) }) });
    // Like the shell's RouteGate: a protected route redirects to /login once the user is gone.
    function Guarded() {
      const user = useStore(host.session, (state) => state.user);
      return user ? <AccountSettingsScreen /> : <Navigate to="/login" replace />;
    }
    renderScreen(<Guarded />, { path: '/account-settings', host });
    await userEvent.click(screen.getByRole('button', { name: 'Delete My Account' }));
    await userEvent.type(screen.getByLabelText('Please type DELETE to confirm'), 'DELETE');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Delete' }));
    await waitFor(() => expect(host.session.getState().user).toBeNull());
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it("toasts 'Failed to delete account' and stays", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const host = fakeHost({
      session: fakeSession(member),
      api: fakeApi({ deleteAccount: async () => Promise.reject(new ApiError(500, null)) }),
    });
    renderScreen(<AccountSettingsScreen />, { path: '/account-settings', host });
    await userEvent.click(screen.getByRole('button', { name: 'Delete My Account' }));
    await userEvent.type(screen.getByLabelText('Please type DELETE to confirm'), 'DELETE');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Delete' }));
    await waitFor(() => expect(host.toast.error).toHaveBeenCalledWith('Failed to delete account'));
    expect(host.session.getState().user).toEqual(member);
  });
});
