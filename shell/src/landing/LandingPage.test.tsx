import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberLanguage, showLanguage } from '../i18n/pageLanguage';
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

  it('has the footer of SPEC §1, with the open data page', async () => {
    await renderLanding();
    const footer = screen.getByTestId('site-footer');
    const platform = within(footer).getByRole('navigation', { name: 'Platform' });
    expect(
      within(platform)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/browse', '/login', '/open-data']);
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

describe('landing page in other languages', () => {
  afterEach(() => {
    showLanguage('en');
    rememberLanguage('en');
  });

  it('opens in Arabic, right to left, and the menu switches to Welsh at once and remembers it', async () => {
    const user = userEvent.setup();
    renderShell('/', { language: 'ar' });
    expect(await screen.findByRole('heading', { level: 1, name: 'اعثر على أعمال تجارية مناصرة لفلسطين' })).toBeTruthy();
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['ar', 'rtl']);
    expect(screen.queryByText('Find Pro-Palestinian Businesses')).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'اللغة' }), 'Cymraeg');
    expect(await screen.findByRole('heading', { level: 1, name: "Dewch o Hyd i Fusnesau sy'n Cefnogi Palesteina" })).toBeTruthy();
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['cy', 'ltr']);
    expect(document.cookie).toContain('zaytoon.lang=cy');
  });

  it('names each language in its own script', async () => {
    await renderLanding();
    const menu = screen.getByRole('combobox', { name: 'Language' });
    expect(
      within(menu)
        .getAllByRole('option')
        .map((option) => [option.textContent, option.getAttribute('lang')]),
    ).toEqual([
      ['English', 'en'],
      ['العربية', 'ar'],
      ['اردو', 'ur'],
      ['Cymraeg', 'cy'],
    ]);
  });
});
