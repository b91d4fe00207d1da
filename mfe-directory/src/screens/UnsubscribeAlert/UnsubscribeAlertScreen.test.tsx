import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@zaytoon/contract/client';
import { fakeApi, fakeHost, renderScreen } from '../../test/harness';
import { UnsubscribeAlertScreen } from './UnsubscribeAlertScreen';

describe("/unsubscribe-alert: an alert mail's 'Stop this alert'", () => {
  it('ends the alert once on open, signed out, and says so', async () => {
    const host = fakeHost({ api: fakeApi({ unsubscribeAlert: async () => ({ message: 'You will get no more emails for this alert' }) }) });
    renderScreen(<UnsubscribeAlertScreen />, { path: '/unsubscribe-alert?token=4-9.sig', pattern: '/unsubscribe-alert', host });
    expect((await screen.findByTestId('alert-ended')).textContent).toContain('You will get no more emails for this alert');
    expect(screen.getByRole('link', { name: 'Alerts' }).getAttribute('href')).toBe('/account-settings');
    expect(host.api.call).toHaveBeenCalledTimes(1);
    expect(host.api.call).toHaveBeenCalledWith('unsubscribeAlert', { query: { token: '4-9.sig' } });
  });

  it("says a forged link ended nothing, in the server's words", async () => {
    const refused = async () => Promise.reject(new ApiError(400, 'This unsubscribe link is not valid'));
    renderScreen(<UnsubscribeAlertScreen />, {
      path: '/unsubscribe-alert?token=1.x',
      pattern: '/unsubscribe-alert',
      host: fakeHost({ api: fakeApi({ unsubscribeAlert: refused }) }),
    });
    await waitFor(() => expect(screen.getByTestId('alert-not-ended').textContent).toContain('This unsubscribe link is not valid'));
  });
});
