import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@zaytoon/contract/client';
import { fakeApi, fakeHost, fakeSession, member, renderScreen } from '../../test/harness';
import { SecondFactorSection } from './SecondFactorSection';

const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`.replace(/\d/g, (digit) => 'klmnopqrst'[Number(digit)]));

describe("account settings' two-factor authentication", () => {
  it('sets it up: QR code and secret, a code to turn it on, then the recovery codes once', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = fakeApi({
      totpSetup: async () => ({ secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/Zaytoon:sami?secret=JBSWY3DPEHPK3PXP&issuer=Zaytoon' }),
      totpEnable: async () => ({ recovery_codes: RECOVERY_CODES }),
    });
    const host = fakeHost({ session: fakeSession({ ...member, totp_enabled: false }), api });
    renderScreen(<SecondFactorSection />, { path: '/account-settings', host });

    await userEvent.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    expect(await screen.findByTestId('totp-secret')).toHaveProperty('textContent', 'JBSWY3DPEHPK3PXP');
    expect(screen.getByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Code from the app'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn On' }));

    const codes = await screen.findByTestId('recovery-codes');
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(api.call).toHaveBeenCalledWith('totpEnable', { body: { code: '123456' } });
    expect(host.toast.success).toHaveBeenCalledWith('Two-factor authentication is on');
    expect(host.session.getState().user?.totp_enabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
    expect(screen.getByRole('button', { name: 'Turn Off Two-Factor Authentication' })).toBeTruthy();
  });

  it('turns it off with the password and a code', async () => {
    const api = fakeApi({ totpDisable: async () => ({ message: MESSAGES.totpDisabled }) });
    const host = fakeHost({ session: fakeSession({ ...member, totp_enabled: true }), api });
    renderScreen(<SecondFactorSection />, { path: '/account-settings', host });
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Code from the app, or a recovery code'), 'abcde-fghij');
    await userEvent.click(screen.getByRole('button', { name: 'Turn Off Two-Factor Authentication' }));
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith(MESSAGES.totpDisabled));
    expect(api.call).toHaveBeenCalledWith('totpDisable', { body: { password: 'secret1', code: 'abcde-fghij' } });
    expect(host.session.getState().user?.totp_enabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Set up two-factor authentication' })).toBeTruthy();
  });
});
