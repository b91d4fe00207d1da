import React from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import RemoteRoot from './RemoteRoot';
import { fakeHost } from './test/harness';

describe('directory remote root', () => {
  afterEach(() => {
    delete window.__ZAYTOON_REACT__;
  });

  it('renders the screen the shell asks for, and reports whether it shares the shell React', async () => {
    window.__ZAYTOON_REACT__ = React;
    render(
      <MemoryRouter initialEntries={['/login']}>
        <RemoteRoot host={fakeHost()} screen="auth" />
      </MemoryRouter>,
    );
    const root = screen.getByTestId('directory-root');
    expect(root.dataset.sameReact).toBe('true');
    expect(root.dataset.screen).toBe('auth');
    // the sign-in screen is a chunk of its own, downloaded when first shown
    expect(await screen.findByTestId('auth-screen')).toBeTruthy();
    expect(document.getElementById('zaytoon-directory-styles')).toBeTruthy();
  });

  it("says 'false' when the shell's React is another copy", () => {
    window.__ZAYTOON_REACT__ = { other: 'react' };
    render(
      <MemoryRouter initialEntries={['/login']}>
        <RemoteRoot host={fakeHost()} screen="auth" />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('directory-root').dataset.sameReact).toBe('false');
  });
});
