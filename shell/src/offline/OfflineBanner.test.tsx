import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderShell } from '../test/harness';
import { createConnection } from './connection';

describe('offline banner', () => {
  it("shows 'Offline: showing saved results' as a status while the browser is offline, and nothing once it is back", async () => {
    const target = new EventTarget();
    const browser = { onLine: false };
    renderShell('/browse', { connection: createConnection(target as unknown as Window, browser) });
    const banner = await screen.findByTestId('offline-banner');
    expect(banner.textContent).toBe('Offline: showing saved results');
    expect(banner.getAttribute('role')).toBe('status');
    browser.onLine = true;
    act(() => void target.dispatchEvent(new Event('online')));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('is in the page language', async () => {
    renderShell('/browse', { language: 'cy', connection: createConnection(new EventTarget() as unknown as Window, { onLine: false }) });
    await waitFor(() => expect(screen.getByTestId('offline-banner').textContent).toBe('All-lein: yn dangos canlyniadau wedi’u cadw'));
  });
});
