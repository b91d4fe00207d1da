import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@zaytoon/contract/client';
import { fakeApi, fakeHost, renderScreen } from '../../test/harness';
import { ConfirmListingScreen } from './ConfirmListingScreen';

const openWith = (path: string, confirm: () => unknown) => {
  const host = fakeHost({ api: fakeApi({ confirmListing: confirm }) });
  renderScreen(<ConfirmListingScreen />, { path, pattern: '/confirm-listing', host });
  return host;
};

const confirmButton = () => screen.findByRole('button', { name: 'Everything is still accurate' });

describe("/confirm-listing: the freshness reminder's link", () => {
  it("sends nothing when the page opens; the owner's click posts the token once and thanks them, with the way to the listing and its edit form", async () => {
    const host = openWith('/confirm-listing?token=abc_DEF-123', async () => ({
      business_id: 5,
      confirmed_at: '2026-11-23T10:00:00.000Z',
      message: 'Thank you — the listing is confirmed as accurate',
    }));
    const button = await confirmButton();
    expect(screen.getByTestId('listing-confirm-question').textContent).toContain('Is your listing still accurate?');
    expect(host.api.call).not.toHaveBeenCalled();

    fireEvent.click(button);
    fireEvent.click(button);
    const done = await screen.findByTestId('listing-confirmed');
    expect(done.textContent).toContain('Thank you — the listing is confirmed as accurate');
    expect(screen.getByRole('link', { name: 'View the listing' }).getAttribute('href')).toBe('/business/5');
    expect(screen.getByRole('link', { name: 'Edit the listing' }).getAttribute('href')).toBe('/edit-business/5');
    expect(host.api.call).toHaveBeenCalledTimes(1);
    expect(host.api.call).toHaveBeenCalledWith('confirmListing', { body: { token: 'abc_DEF-123' } });
  });

  it("says why a used or expired link did nothing, in the server's words", async () => {
    openWith('/confirm-listing?token=used', async () => Promise.reject(new ApiError(409, 'This link has already been used')));
    fireEvent.click(await confirmButton());
    await waitFor(() => expect(screen.getByTestId('listing-not-confirmed').textContent).toContain('This link has already been used'));
  });

  it('offers no button and sends nothing without a token', async () => {
    const host = openWith('/confirm-listing', async () => ({}));
    expect(screen.getByTestId('listing-not-confirmed').textContent).toContain('This link is incomplete: open it from the email again');
    expect(screen.queryByRole('button', { name: 'Everything is still accurate' })).toBeNull();
    expect(host.api.call).not.toHaveBeenCalled();
  });
});
