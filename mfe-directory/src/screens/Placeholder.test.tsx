import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/harness';
import { Placeholder } from './Placeholder';

describe('placeholder for a screen the shell names but this remote lacks', () => {
  it("says 'Coming soon' and links back to the directory", () => {
    renderScreen(<Placeholder />, { path: '/somewhere' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Coming soon');
    expect(screen.getByText('This screen is not available yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Directory' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByTestId('directory-nav')).toBeTruthy();
  });
});
