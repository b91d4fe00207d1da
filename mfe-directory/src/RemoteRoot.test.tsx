import React from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import RemoteRoot, { prepare } from './RemoteRoot';
import rootStyles from './DirectoryApp.module.css';
import { fakeHost } from './test/harness';

describe('directory remote root', () => {
  afterEach(() => {
    delete window.__ZAYTOON_REACT__;
  });

  it('renders the screen the shell asks for, once prepared, and reports whether it shares the shell React', async () => {
    window.__ZAYTOON_REACT__ = React;
    await prepare('auth');
    render(
      <MemoryRouter initialEntries={['/login']}>
        <RemoteRoot host={fakeHost()} screen="auth" />
      </MemoryRouter>,
    );
    // prepared, the app and the sign-in screen (chunks of their own) are in: the first render shows them
    const root = screen.getByTestId('directory-root');
    expect(root.dataset.sameReact).toBe('true');
    expect(root.dataset.screen).toBe('auth');
    const auth = screen.getByTestId('auth-screen');
    // the remote's styles travel in its JS (CSS Modules, injected): the root's and the screen's rules apply
    expect(root.className).toBe(rootStyles.root);
    expect(getComputedStyle(root).minHeight).toBe('100vh');
    expect(getComputedStyle(auth).display).toBe('flex');
  });

  it("says 'false' when the shell's React is another copy", async () => {
    window.__ZAYTOON_REACT__ = { other: 'react' };
    await prepare();
    render(
      <MemoryRouter initialEntries={['/login']}>
        <RemoteRoot host={fakeHost()} screen="auth" />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('directory-root').dataset.sameReact).toBe('false');
  });
});
