import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { ApiClient, Business } from '@zaytoon/contract/client';
import { renderShell } from '../test/harness';
import { pageRemoteLoader } from '../test/pageRemote';

const olive = { id: 5, name: 'Olive Tree Cafe' } as Business;
const api = { call: async (route: string) => (route === 'getBusiness' ? olive : {}) } as unknown as ApiClient;

describe('page title', () => {
  it.each([
    ['/', 'Zaytoon'],
    ['/browse', 'Browse · Zaytoon'],
    ['/dashboard', 'Browse · Zaytoon'],
    ['/login', 'Sign In · Zaytoon'],
    ['/forgot-password', 'Forgot Password · Zaytoon'],
    ['/business/9', 'Business · Zaytoon'],
    ['/nope', 'Page not found · Zaytoon'],
  ])('%s is titled %s', async (path, title) => {
    renderShell(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('uses the product name of the runtime config', async () => {
    const { host } = renderShell('/browse', { productName: 'Sumud' });
    expect(host.productName).toBe('Sumud');
    await waitFor(() => expect(document.title).toBe('Browse · Sumud'));
  });

  it("a business page is titled with the business's name once it has been read", async () => {
    renderShell('/business/5', { loader: pageRemoteLoader, api });
    await waitFor(() => expect(document.title).toBe('Business · Zaytoon'));
    await userEvent.click(await screen.findByRole('button', { name: 'read business' }));
    await waitFor(() => expect(document.title).toBe('Olive Tree Cafe · Zaytoon'));
    await userEvent.click(screen.getByRole('link', { name: 'to browse' }));
    await waitFor(() => expect(document.title).toBe('Browse · Zaytoon'));
  });
});

describe('focus on navigation', () => {
  it('stays where it is on the first load', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    renderShell('/browse', { loader: pageRemoteLoader });
    await screen.findByRole('heading', { level: 1, name: 'directory heading' });
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(document.activeElement).toBe(document.body);
  });

  it("moves to the new page's main heading after a navigation", async () => {
    renderShell('/browse', { loader: pageRemoteLoader });
    await userEvent.click(await screen.findByRole('link', { name: 'to business' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'business-detail heading' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('waits for a heading that is not in the page yet (the remote still downloading)', async () => {
    let release: () => void = () => {};
    const downloaded = new Promise<void>((resolve) => (release = resolve));
    const slowLoader: typeof pageRemoteLoader = async (name) => {
      await downloaded;
      return pageRemoteLoader(name);
    };
    renderShell('/', { loader: slowLoader });
    await userEvent.click((await screen.findAllByRole('link', { name: 'Explore Businesses' }))[0]);
    await screen.findByTestId('page-spinner');
    await act(async () => release());
    const heading = await screen.findByRole('heading', { level: 1, name: 'directory heading' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});
