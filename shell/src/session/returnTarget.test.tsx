import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loginReturnTarget } from '@zaytoon/contract/client';
import { memberUser, renderShell } from '../test/harness';
import { pageRemoteLoader } from '../test/pageRemote';

const shownState = () => JSON.parse(screen.getByTestId('location-state').textContent ?? 'null');
const shownPath = () => screen.getByTestId('location').textContent;

describe('login return target: only pages of this site (no open redirect)', () => {
  it.each([
    ['/business/5', '/business/5'],
    ['/add-business', '/add-business'],
    ['/browse?search=olive&view=map', '/browse?search=olive&view=map'],
    ['/edit-business/7', '/edit-business/7'],
  ])('accepts %s', (candidate, target) => {
    expect(loginReturnTarget(candidate)).toBe(target);
  });

  it.each([
    'https://evil.example/business/5',
    '//evil.example/business/5',
    '/\\evil.example',
    'javascript:alert(1)',
    'business/5',
    '/nowhere',
    '/login',
    '/forgot-password',
    '/',
    '',
    42,
    null,
  ])('refuses %s', (candidate) => {
    expect(loginReturnTarget(candidate)).toBeNull();
  });
});

describe('login returns to the page the visitor came from', () => {
  it('a link to /login carries the page it was followed from', async () => {
    renderShell('/business/5', { loader: pageRemoteLoader });
    await userEvent.click(await screen.findByRole('link', { name: 'to login' }));
    await waitFor(() => expect(shownState()).toEqual({ from: '/business/5' }));
    expect(shownPath()).toBe('/login');
  });

  it('the forgot-password detour keeps it; the landing page gives none (SPEC: /dashboard)', async () => {
    renderShell('/business/5', { loader: pageRemoteLoader });
    await userEvent.click(await screen.findByRole('link', { name: 'to forgot password' }));
    await userEvent.click(await screen.findByRole('link', { name: 'to login' }));
    await waitFor(() => expect(shownState()).toEqual({ from: '/business/5' }));

    await userEvent.click(screen.getByRole('link', { name: 'to home' }));
    await userEvent.click((await screen.findAllByRole('link', { name: 'Login / Sign Up' }))[0]);
    await screen.findByTestId('stub-remote');
    expect(shownState()).toBeNull();
  });

  it('a protected page that sent the visitor to /login is where logging in leads', async () => {
    const { session } = renderShell('/add-business', { loader: pageRemoteLoader });
    await waitFor(() => expect(shownPath()).toBe('/login'));
    expect(shownState()).toEqual({ from: '/add-business' });
    await act(async () => session.getState().setUser(memberUser));
    await waitFor(() => expect(shownPath()).toBe('/add-business'));
  });

  it('a logged-in user on /login without a return target goes to /dashboard', async () => {
    renderShell('/login', { user: memberUser, loader: pageRemoteLoader });
    await waitFor(() => expect(shownPath()).toBe('/dashboard'));
  });
});
