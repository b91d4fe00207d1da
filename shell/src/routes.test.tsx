import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { APP_ROUTES, type RemoteName } from '@zaytoon/contract/client';
import { adminUser, memberUser, renderShell, stubRemote } from './test/harness';
import type { RemoteLoader } from './remotes/registry';

const cases: Array<[path: string, remote: RemoteName, screen: string]> = [
  ['/login', 'directory', 'auth'],
  ['/forgot-password', 'directory', 'forgot-password'],
  ['/change-password', 'directory', 'change-password'],
  ['/account-settings', 'directory', 'account-settings'],
  ['/dashboard', 'directory', 'directory'],
  ['/browse', 'directory', 'directory'],
  ['/add-business', 'directory', 'business-form'],
  ['/edit-business/7', 'directory', 'business-form'],
  ['/business/5', 'directory', 'business-detail'],
  ['/confirm-listing', 'directory', 'confirm-listing'],
  ['/unsubscribe-alert', 'directory', 'unsubscribe-alert'],
  ['/confirm-email', 'directory', 'confirm-email'],
  ['/open-data', 'directory', 'open-data'],
  ['/alternatives/examplebucks', 'directory', 'brand-alternatives'],
  ['/admin', 'admin', 'admin-panel'],
];

describe('route table (SPEC §2)', () => {
  it('covers every route of SPEC §2', () => {
    expect(APP_ROUTES.map((route) => route.path).sort()).toEqual(
      ['/', ...cases.map(([path]) => path.replace('/7', '/:id').replace('/5', '/:id').replace('/examplebucks', '/:slug'))].sort(),
    );
  });

  it('renders / in the shell without loading any remote', async () => {
    const loader = vi.fn<RemoteLoader>();
    renderShell('/', { loader });
    expect(await screen.findByTestId('landing-page')).toBeTruthy();
    expect(loader).not.toHaveBeenCalled();
  });

  it.each(cases)('maps %s to the %s remote (%s screen)', async (path, remote, screenId) => {
    // a logged-in non-guest so protected routes render; /login needs a visitor
    const user = path === '/login' ? null : adminUser;
    renderShell(path, { user });
    const rendered = await screen.findByTestId('stub-remote');
    expect(rendered.dataset.remote).toBe(remote);
    expect(rendered.dataset.screen).toBe(screenId);
  });

  it('loads a remote only when its route is visited', async () => {
    const loader = vi.fn<RemoteLoader>(async (name) => stubRemote(name));
    renderShell('/browse', { loader });
    await screen.findByTestId('stub-remote');
    expect(loader.mock.calls.map(([name]) => name)).toEqual(['directory']);
  });

  it('shows a page-not-found for unknown paths', () => {
    renderShell('/nope');
    expect(screen.getByTestId('not-found')).toBeTruthy();
  });
});

describe('route access', () => {
  it('shows a spinner on protected routes while the session loads', () => {
    renderShell('/add-business', { loaded: false });
    expect(screen.getByTestId('page-spinner')).toBeTruthy();
    expect(screen.queryByTestId('stub-remote')).toBeNull();
  });

  it('redirects protected routes to /login without a user', async () => {
    renderShell('/account-settings', { user: null });
    const rendered = await screen.findByTestId('stub-remote');
    expect(rendered.dataset.screen).toBe('auth');
  });

  it('sends a logged-in user from /login to /dashboard', async () => {
    renderShell('/login', { user: memberUser });
    const rendered = await screen.findByTestId('stub-remote');
    expect(rendered.dataset.screen).toBe('directory');
  });

  it('never downloads the admin remote for a visitor or a non-admin', async () => {
    const loader = vi.fn<RemoteLoader>(async (name) => stubRemote(name));
    renderShell('/admin', { user: memberUser, loader });
    expect(screen.getByTestId('admin-only').textContent).toContain('Not authorised');
    expect(loader).not.toHaveBeenCalledWith('admin');
  });
});

describe('remote failures', () => {
  const failing: RemoteLoader = async (name) => {
    throw new Error(`${name} is down`);
  };

  it("says 'The admin panel is unavailable right now.' when the admin remote cannot load", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderShell('/admin', { user: adminUser, loader: failing });
    expect((await screen.findByTestId('remote-unavailable')).textContent).toContain('The admin panel is unavailable right now.');
  });

  it('says the directory is unavailable, and the landing page keeps working', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderShell('/browse', { loader: failing });
    expect((await screen.findByTestId('remote-unavailable')).textContent).toContain('The directory is unavailable right now.');
    await userEvent.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(screen.getByRole('heading', { name: 'Find Pro-Palestinian Businesses' })).toBeTruthy();
  });

  it('tries again after a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let attempts = 0;
    const flaky: RemoteLoader = async (name) => {
      attempts += 1;
      if (attempts === 1) throw new Error('first attempt fails');
      return stubRemote(name);
    };
    renderShell('/browse', { loader: flaky });
    await screen.findByTestId('remote-unavailable');
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    await waitFor(() => expect(screen.getByTestId('stub-remote')).toBeTruthy());
  });
});
