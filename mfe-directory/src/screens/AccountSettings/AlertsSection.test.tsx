import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Alert } from '@zaytoon/contract/client';
import { fakeApi, fakeHost, fakeSession, member, renderScreen } from '../../test/harness';
import { AlertsSection } from './AlertsSection';

const alert = (id: number, filters: Partial<Alert>): Alert => ({
  id,
  city: null,
  category: null,
  search: null,
  verified: null,
  open_now: false,
  alternative_to: null,
  alternative_to_name: null,
  palestinian_product: null,
  palestinian_product_name: null,
  created_at: '2026-11-24T00:00:00.000Z',
  ...filters,
});

describe("account settings' Alerts", () => {
  it('lists each alert in words and deletes one with its button', async () => {
    let alerts = [
      alert(1, { city: 'Leeds', category: 'Cafe' }),
      alert(2, { search: 'falafel' }),
      alert(3, {}),
      alert(4, { city: 'York', verified: true, open_now: true }),
      alert(5, {
        alternative_to: 'examplebucks',
        alternative_to_name: 'Examplebucks',
        palestinian_product: 'olive-oil',
        palestinian_product_name: 'Olive oil',
      }),
      alert(6, { palestinian_product: 'any' }),
    ];
    const api = fakeApi({
      listAlerts: async () => alerts,
      deleteAlert: async ({ id }) => {
        alerts = alerts.filter((kept) => kept.id !== id);
        return { message: 'Alert deleted' };
      },
    });
    const host = fakeHost({ session: fakeSession(member), api });
    renderScreen(<AlertsSection />, { path: '/account-settings', host });

    const rows = await screen.findAllByTestId('alert-row');
    expect(rows.map((row) => within(row).getByText(/./, { selector: 'span' }).textContent)).toEqual([
      'In Leeds · Cafe',
      'Matching "falafel"',
      'All new businesses',
      'In York · Verified only · With opening hours',
      'Alternative to Examplebucks · Palestinian products: Olive oil',
      'Stocks Palestinian products',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete the alert: Matching "falafel"' }));
    await waitFor(() => expect(host.toast.success).toHaveBeenCalledWith('Alert deleted'));
    expect(host.api.call).toHaveBeenCalledWith('deleteAlert', { id: 2 });
    await waitFor(() => expect(screen.getAllByTestId('alert-row')).toHaveLength(5));
  });

  it('says how to make one when there are none', async () => {
    renderScreen(<AlertsSection />, { path: '/account-settings', host: fakeHost({ session: fakeSession(member) }) });
    expect((await screen.findByTestId('no-alerts')).textContent).toContain('Email me new businesses like these');
  });
});
