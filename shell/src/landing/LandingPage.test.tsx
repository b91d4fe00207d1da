import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderShell } from '../test/harness';

/** The landing page is a chunk of its own: wait for it. */
async function renderLanding() {
  renderShell('/');
  await screen.findByTestId('landing-page');
}

const linkTo = (name: string | RegExp, container: HTMLElement = document.body) =>
  within(container)
    .getAllByRole('link', { name })
    .map((link) => link.getAttribute('href'));

describe('landing page (SPEC §2)', () => {
  it('has the top bar with logo, Browse Businesses and Login / Sign Up', async () => {
    await renderLanding();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByTestId('logo').textContent).toContain('Zaytoon');
    expect(linkTo('Browse Businesses', banner)).toEqual(['/browse']);
    expect(linkTo('Login / Sign Up', banner)).toEqual(['/login']);
  });

  it('has the hero with its two buttons', async () => {
    await renderLanding();
    expect(screen.getByRole('heading', { level: 1, name: 'Find Pro-Palestinian Businesses' })).toBeTruthy();
    expect(linkTo('Explore Businesses')).toEqual(['/browse']);
    // 'Add Your Business' appears in the hero and in the call to action, both to /login
    expect(linkTo('Add Your Business')).toEqual(['/login', '/login']);
  });

  it('explains How It Works with Discover, Connect and Verify', async () => {
    await renderLanding();
    const section = screen.getByRole('heading', { name: 'How It Works' }).closest('section')!;
    const steps = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(steps).toEqual(['Discover', 'Connect', 'Verify']);
  });

  it("has the 'Ready to Make a Difference?' section", async () => {
    await renderLanding();
    const section = screen.getByRole('heading', { name: 'Ready to Make a Difference?' }).closest('section')!;
    expect(linkTo('Add Your Business', section)).toEqual(['/login']);
    expect(linkTo('Browse Directory', section)).toEqual(['/browse']);
  });

  it('has the footer of SPEC §1', async () => {
    await renderLanding();
    const footer = screen.getByTestId('site-footer');
    const platform = within(footer).getByRole('navigation', { name: 'Platform' });
    expect(
      within(platform)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/browse', '/login']);
    const community = within(footer).getByRole('navigation', { name: 'Community' });
    expect(
      within(community)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Guidelines', 'Support', 'Contact']);
    expect(within(footer).getByTestId('support-link').getAttribute('href')).toMatch(/^https:\/\//);
    expect(within(within(footer).getByRole('region', { name: 'Support Palestine' })).getByTestId('support-link')).toBeTruthy();
    expect(within(within(footer).getByRole('region', { name: 'Zaytoon' })).getByRole('link', { name: 'Instagram' })).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'X (Twitter)' }).getAttribute('href')).toMatch(/^https:\/\/x\.com/);
    expect(within(footer).getByRole('link', { name: 'Instagram' }).getAttribute('href')).toMatch(/instagram\.com/);
    expect(footer.textContent).toContain('© 2024 Zaytoon');
  });
});
