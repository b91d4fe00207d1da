import React from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import RemoteRoot from './RemoteRoot';
import { fakeHost } from './test/harness';

describe('admin remote root', () => {
  afterEach(() => {
    delete window.__ZAYTOON_REACT__;
  });

  it('renders the panel and reports whether it shares the shell React', () => {
    window.__ZAYTOON_REACT__ = React;
    render(
      <MemoryRouter>
        <RemoteRoot host={fakeHost()} screen="admin-panel" />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('admin-root').dataset.sameReact).toBe('true');
    expect(screen.getByTestId('admin-panel')).toBeTruthy();
  });
});
