import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeHost, fakeSession, member, renderScreen } from '../test/harness';
import { NARROW_BAR_QUERY, NavBar } from './NavBar';

/** A viewport of `width` px as matchMedia answers it (jsdom has no layout). */
function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === NARROW_BAR_QUERY && width < 480,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => vi.unstubAllGlobals());

// Every path renders the bar, so it stays mounted when a link of its menu is followed.
const renderBar = () => renderScreen(<NavBar />, { pattern: '/*', host: fakeHost({ session: fakeSession(member) }) });

describe('NavBar on a phone', () => {
  it('folds its controls into one menu button that opens and closes them', async () => {
    viewport(375);
    renderBar();
    const button = screen.getByRole('button', { name: /Menu/ });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Add Business' })).toBeNull();

    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('navigation', { name: 'Account' }).getAttribute('id')).toBe(button.getAttribute('aria-controls'));

    // Its items follow the button in the keyboard's order.
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('combobox'));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Add Business' }));

    await userEvent.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    expect(screen.queryByRole('link', { name: 'Add Business' })).toBeNull();
  });

  it('closes the menu when one of its links is followed', async () => {
    viewport(375);
    renderBar();
    await userEvent.click(screen.getByRole('button', { name: /Menu/ }));
    await userEvent.click(screen.getByRole('link', { name: 'Settings' }));
    expect(screen.getByTestId('location').textContent).toBe('/account-settings');
    expect(screen.getByRole('button', { name: /Menu/ }).getAttribute('aria-expanded')).toBe('false');
  });

  it('shows every control in the bar, with no menu button, from 480 px on', () => {
    viewport(480);
    renderBar();
    expect(screen.queryByRole('button', { name: /Menu/ })).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Account' }).hidden).toBe(false);
    expect(screen.getByRole('link', { name: 'Add Business' })).toBeTruthy();
  });
});
