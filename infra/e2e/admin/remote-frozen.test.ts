// A remote that does not answer is said to be unavailable, as one that is down: with the admin remote's server
// frozen (its requests accepted and never answered), /admin says 'The admin panel is unavailable right now.' within
// 12 s instead of 'Loading...' for ever, and Try again asks the server afresh, which loads the panel once it answers.
import type { Route } from '@playwright/test';
import { expect, test } from '../support/test';
import { logInAsAdmin, runtimeConfig } from './helpers';

test('the admin remote frozen: /admin says unavailable within 12 s, and Try again loads the panel once it answers', async ({ page, errors }) => {
  const { remotes } = await runtimeConfig();
  const adminFiles = new URL('.', remotes.admin).href;
  const fromAdminRemote = (url: URL) => url.href.startsWith(adminFiles);
  await logInAsAdmin(page);

  let frozen = true;
  const held: Route[] = [];
  const freeze = (route: Route) => {
    if (frozen)
      held.push(route); // never answered
    else void route.continue();
  };
  await page.route(fromAdminRemote, freeze);
  try {
    // From the page's load: the shell then checks the session before it asks for an admin's code.
    await page.goto('/admin');
    const loaded = Date.now();
    const unavailable = page.locator('[data-testid="remote-unavailable"][data-remote="admin"]');
    await expect(unavailable).toBeVisible({ timeout: 12_000 });
    expect(Date.now() - loaded).toBeLessThan(12_000);
    expect(held.length).toBeGreaterThan(0);
    expect(await unavailable.innerText()).toContain('The admin panel is unavailable right now.');

    frozen = false;
    await unavailable.getByRole('button', { name: 'Try again' }).click();
    await expect(page.locator('[data-testid="admin-root"][data-remote="admin"]')).toBeVisible();
    await expect(page.locator('[data-testid="admin-stats"][data-loaded="true"]')).toBeVisible();
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  } finally {
    await page.unroute(fromAdminRemote, freeze);
    for (const route of held) await route.abort().catch(() => undefined);
  }
});
