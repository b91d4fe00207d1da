// SPEC §2 account screens: profile picture (resized by the worker), change password
// (/change-password and the settings form), delete the account with the typed DELETE.
import { expect, test } from '../support/test';
import { eventually, exact, expectNoPageErrors, expectToast, logIn, loggedOut, newUser, pathOf, signUp, tinyPng, waitForPath } from './helpers';

// The tests of this file share one browser context and run in order, each carrying on from where the last one left it.
test.describe.configure({ mode: 'serial' });

const user = newUser('account');

test.describe('directory: account settings', () => {
  test('shows the first letter without a picture; refuses wrong types and big files before uploading', async ({ page, context }) => {
    await loggedOut(context);
    await signUp(page, user);
    await page.getByRole('link', { name: 'Settings' }).click();
    await waitForPath(page, '/account-settings');
    await expect(page.getByTestId('account-settings')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Profile Picture' })).toBeVisible();
    await expect(page.getByText('JPEG, PNG, GIF, or WebP (max 2.5MB)')).toBeVisible();
    expect((await page.getByTestId('avatar').innerText()).trim()).toBe(user.name.charAt(0).toUpperCase());

    let uploads = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/upload-profile-picture')) uploads++;
    });
    const input = page.locator('input[type="file"]');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expectToast(page, 'Only JPEG, PNG, GIF, and WebP images are allowed', 'error');
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(2_621_441, 1) });
    await expectToast(page, 'File size must be less than 2.5MB', 'error');
    expect(uploads).toBe(0);
  });

  test("uploads a PNG: 'Profile picture updated!', the page reloads, and the resized avatar loads", async ({ page, errors }) => {
    await page.goto('/account-settings');
    await expect(page.getByTestId('account-settings')).toBeVisible();
    const input = page.locator('input[type="file"]');
    const reloaded = page.waitForEvent('load');
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng(64) });
    await expectToast(page, 'Profile picture updated!', 'success');
    await reloaded;
    await expect(page.getByTestId('account-settings')).toBeVisible();
    // The worker resizes it; once done the <img> loads (reload until it does).
    await eventually(
      async () => {
        const img = page.getByTestId('avatar').locator('img');
        await expect(img).toBeVisible({ timeout: 3000 });
        const width = await img.evaluate(async (el: HTMLImageElement) => {
          if (!el.complete) {
            await new Promise((resolve) => {
              el.addEventListener('load', resolve, { once: true });
              el.addEventListener('error', resolve, { once: true });
            });
          }
          return el.naturalWidth;
        });
        if (!(width > 0)) {
          await page.reload();
          await expect(page.getByTestId('account-settings')).toBeVisible();
          throw new Error('avatar not loaded yet');
        }
      },
      { timeoutMs: 30_000, intervalMs: 500 },
    );
    expect(await page.getByTestId('avatar').locator('img').getAttribute('alt')).toContain(user.name);
    expectNoPageErrors(errors);
  });

  test('changes the password on /change-password: client rules, server detail, success then /dashboard after 2 s', async ({ page }) => {
    await page.goto('/change-password');
    const screen = page.getByTestId('change-password');
    await expect(screen).toBeVisible();
    await expect(page.getByText('Must be at least 6 characters')).toBeVisible();
    const fill = async (current: string, next: string, confirm: string) => {
      await page.getByLabel('Current Password').fill(current);
      await page.getByLabel('New Password', { exact: true }).fill(next);
      await page.getByLabel('Confirm New Password').fill(confirm);
      await page.getByRole('button', { name: 'Change Password' }).click();
    };
    const next = `${user.password}-2`;
    await fill(user.password, 'abc', 'abc');
    await expectToast(page, 'New password must be at least 6 characters', 'error');
    await fill(user.password, next, `${next}x`);
    await expectToast(page, 'New passwords do not match', 'error');
    await fill(user.password, user.password, user.password);
    await expectToast(page, 'New password must be different from current password', 'error');
    await fill('wrong-current', next, next);
    await expectToast(page, 'Current password is incorrect', 'error');

    await fill(user.password, next, next);
    await expectToast(page, 'Password changed successfully!', 'success');
    await expect(screen.getByRole('heading', { name: 'Password Changed' })).toBeVisible();
    await expect(screen.getByText('Redirecting to dashboard...')).toBeVisible();
    const shownAt = Date.now();
    await waitForPath(page, '/dashboard');
    expect(Date.now() - shownAt).toBeGreaterThan(1500);
    // still logged in here; the new password works after logging out
    await expect(page.getByTestId('welcome')).toBeVisible();
    user.password = next;
    await page.getByRole('button', { name: 'Logout' }).click();
    // The nav leaves for / before the logout call ends; /login would still see the old session until it has.
    await expectToast(page, 'Successfully logged out!', 'success');
    await waitForPath(page, '/');
    await logIn(page, user.username, user.password);
  });

  test('changes the password from the settings form too', async ({ page }) => {
    await page.goto('/account-settings');
    const section = page.getByRole('region', { name: 'Change Password' });
    await expect(section).toBeVisible();
    const next = `${user.password}-3`;
    await section.getByLabel('Current Password').fill(user.password);
    await section.getByLabel('New Password', { exact: true }).fill(next);
    await section.getByLabel('Confirm New Password').fill(next);
    await section.getByRole('button', { name: 'Change Password' }).click();
    await expectToast(page, 'Password changed successfully!', 'success');
    expect(await pathOf(page)).toBe('/account-settings');
    expect(await section.getByLabel('Current Password').inputValue()).toBe('');
    user.password = next;
  });

  test("deletes the account only after typing DELETE ('Please type DELETE to confirm')", async ({ page, context }) => {
    await page.goto('/account-settings');
    const zone = page.getByTestId('danger-zone');
    await expect(zone.getByRole('heading', { name: 'Danger Zone' })).toBeVisible();
    const warnings = await zone.locator('li').allInnerTexts();
    expect(warnings.join(' ')).toMatch(/permanently deleted/i);
    expect(warnings.join(' ')).toMatch(/anonymous/i);
    expect(warnings.join(' ')).toMatch(/cannot be undone/i);

    await zone.getByRole('button', { name: 'Delete My Account' }).click();
    const typed = zone.getByLabel('Please type DELETE to confirm');
    const confirm = zone.getByRole('button', { name: 'Confirm Delete' });
    await expect(confirm).toBeDisabled();
    await typed.fill('delete');
    await expect(confirm).toBeDisabled();
    await typed.fill('DELETE ');
    await expect(confirm).toBeDisabled();
    // Cancel leaves the confirm step and forgets what was typed.
    await zone.getByRole('button', { name: 'Cancel' }).click();
    expect(await typed.count()).toBe(0);
    await zone.getByRole('button', { name: 'Delete My Account' }).click();
    expect(await typed.inputValue()).toBe('');
    await typed.fill('DELETE');
    await expect(confirm).toBeEnabled();
    await confirm.click();
    await expectToast(page, 'Account deleted successfully', 'success');
    await waitForPath(page, '/');

    // Logged out everywhere; the credentials no longer work.
    await page.goto('/account-settings');
    await waitForPath(page, '/login');
    await loggedOut(context);
    await page.goto('/login');
    await page.getByLabel('Email or Username').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectToast(page, 'Invalid email/username or password', 'error');
    await expect(page.getByTestId('auth-screen')).toHaveAttribute('data-mode', 'signin');
    expect(
      await page
        .getByTestId('toast')
        .filter({ hasText: exact('Successfully logged in!') })
        .count(),
    ).toBe(0);
  });
});
