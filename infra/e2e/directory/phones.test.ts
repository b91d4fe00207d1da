// On a phone (375 px) the pinned top bar is one row: its controls fold into one menu button, a disclosure that
// opens them, keeps them in the keyboard's order and closes on Escape. The business page reads its contact details
// and hours before its About.
import { expect, test } from '../support/test';
import { admin, apiFetch, directoryScreen, logIn, unfoldTopBar } from './helpers';

test.describe.configure({ mode: 'serial' });

test.describe('phones: the top bar folds into one menu button', () => {
  test('at 375 px the top bar is one row; the menu button opens its controls and Escape closes them', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    // An admin's bar has the most controls: language, Add Business, Admin Panel, the welcome line, Settings, Logout.
    await logIn(page, admin.login, admin.password);
    await page.goto('/browse');
    await directoryScreen(page, 'directory');

    const bar = page.getByTestId('directory-nav');
    const menu = bar.getByRole('button', { name: 'Menu' });
    const brand = bar.getByRole('link', { name: /home$/ });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(bar.getByRole('link', { name: 'Admin Panel' })).toBeHidden();
    const [brandBox, menuBox, barBox] = [await brand.boundingBox(), await menu.boundingBox(), await bar.boundingBox()];
    // One row: the brand and the menu button side by side, the bar no taller than one control and its padding.
    expect(Math.abs((brandBox?.y ?? 0) + (brandBox?.height ?? 0) / 2 - ((menuBox?.y ?? 0) + (menuBox?.height ?? 0) / 2))).toBeLessThan(4);
    expect(barBox?.height ?? 0).toBeLessThan((menuBox?.height ?? 0) * 2);

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Add Business', 'Admin Panel', 'Settings']) await expect(bar.getByRole('link', { name })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Logout' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(bar.getByRole('combobox')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
    await expect(bar.getByRole('link', { name: 'Add Business' })).toBeHidden();

    // From the menu a link leads on, and the next page's bar starts folded.
    await unfoldTopBar(page);
    await bar.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByTestId('account-settings')).toBeVisible();
    await expect(page.getByTestId('directory-nav').getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('from 480 px the bar shows its controls and no menu button', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 740 });
    await page.goto('/browse');
    await directoryScreen(page, 'directory');
    await expect(page.getByTestId('directory-nav').getByRole('button', { name: 'Menu' })).toHaveCount(0);
    await expect(page.getByTestId('directory-nav').getByRole('link', { name: 'Admin Panel' })).toBeVisible();
  });

  test('at 375 px a business page shows Contact Information and Business Hours before About', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/browse');
    await directoryScreen(page, 'directory');
    const rows = await apiFetch<Array<{ id: number }>>(page, '/api/businesses');
    await page.goto(`/business/${rows.body[0].id}`);
    await expect(page.getByTestId('business-detail')).toBeVisible();
    const top = async (name: string) => (await page.getByRole('heading', { level: 2, name, exact: true }).boundingBox())?.y ?? Infinity;
    const [contact, hours, about] = [await top('Contact Information'), await top('Business Hours'), await top('About')];
    expect(contact).toBeLessThan(hours);
    expect(hours).toBeLessThan(about);
  });
});
