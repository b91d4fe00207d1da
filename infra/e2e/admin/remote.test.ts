// The admin remote as its own release:
//  - isolation: visitors and non-admins never download a byte from the admin remote's origin;
//    a non-admin on /admin sees 'Not authorised' and the API answers 403;
//  - release: a new admin build, dropped into the directory its preview server serves, is live
//    after a reload, with the shell neither rebuilt nor restarted;
//  - outages: with the admin remote down, the landing page and the directory work and /admin says
//    the panel is unavailable; with the directory remote down, the landing page still works.
// Release and outage tests run their own shell and remote preview servers (support/preview.ts)
// on free ports, serving temporary copies of the builds: the stack under test, and any other stack
// built from this checkout, never sees a changed or stopped server.
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contextOptions, expect, openContext, test } from '../support/test';
import { waitForQuietNetwork } from '../support/browser';
import { firstBusinessRow } from '../support/directory';
import { e2e } from '../support/env';
import { answers, buildRemote, copyBuild, deployBuild, removeDir, repoRoot, startFrontendServer, type FrontendServer } from '../support/preview';
import { exact, fromOrigin, logInAsAdmin, openAdmin, recordRequests, runtimeConfig, tag } from './helpers';

// The tests of this file share one browser context and run in order, each carrying on from where the last one left it.
test.describe.configure({ mode: 'serial' });

const adminPackage = JSON.parse(readFileSync(join(repoRoot, 'mfe-admin', 'package.json'), 'utf8')) as { version: string };
let remotes: { directory: string; admin: string };

/** The admin's signed-in cookies, which the file's shared context starts with. */
const adminState = join(tmpdir(), `zaytoon-e2e-admin-${process.pid}.json`);
test.use({ storageState: adminState });

test.beforeAll(async ({ browser }) => {
  remotes = (await runtimeConfig()).remotes;
  // One admin sign-in for the whole file (the API allows 10 per account per 15 minutes).
  const context = await openContext(browser, contextOptions());
  await logInAsAdmin(await context.newPage());
  await context.storageState({ path: adminState });
  await context.close();
});

test.describe('isolation: only admins download the admin remote', () => {
  test('a visitor browsing every public screen (and trying /admin) never requests the admin origin', async ({ newContext }) => {
    const context = await newContext();
    try {
      const seen = recordRequests(context);
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.getByTestId('landing-page')).toBeVisible();
      await page.goto('/browse');
      const row = await firstBusinessRow(page);
      const id = await row.getAttribute('data-business-id');
      await page.goto(`/business/${id}`);
      await expect(page.getByTestId('business-detail')).toBeVisible();
      await page.goto('/admin');
      await page.waitForURL((url) => url.pathname === '/login');
      await expect(page.getByTestId('auth-screen')).toBeVisible();
      await waitForQuietNetwork(page);

      expect(fromOrigin(seen.urls, remotes.directory).length).toBeGreaterThan(0); // the watcher sees remotes
      expect(fromOrigin(seen.urls, remotes.admin)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("a signed-in non-admin sees 'Not authorised' on /admin, downloads no admin code, and the API answers 403", async ({ newContext }) => {
    const context = await newContext();
    try {
      const seen = recordRequests(context);
      const page = await context.newPage();
      const t = tag();
      await page.goto('/login');
      await page.getByRole('button', { name: "Don't have an account? Sign Up" }).click();
      await expect(page.locator('[data-testid="auth-screen"][data-mode="signup"]')).toBeVisible();
      await page.getByLabel('Full Name').fill(`E2E Member ${t}`);
      await page.getByLabel('Username').fill(`e2e_member_${t}`);
      await page.getByLabel('Email', { exact: true }).fill(`e2e-member-${t}@example.com`);
      await page.getByLabel('Password').fill(`pw-${t}-secret`);
      await page.getByRole('button', { name: 'Create Account', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await expect(page.getByTestId('welcome')).toBeVisible();
      expect(
        await page
          .getByRole('button', { name: 'Admin Panel' })
          .or(page.getByRole('link', { name: 'Admin Panel' }))
          .count(),
      ).toBe(0);

      await page.goto('/admin');
      const refusal = page.getByTestId('admin-only');
      await expect(refusal).toBeVisible();
      expect(await refusal.getByRole('heading').innerText()).toBe('Not authorised');
      expect(await refusal.innerText()).toContain('only available to administrators');
      await waitForQuietNetwork(page);
      expect(await page.locator('[data-testid="admin-root"]').count()).toBe(0);

      const statuses = await page.evaluate(async () => {
        const token = decodeURIComponent(document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/)?.[1] ?? '');
        const call = async (method: string, path: string) =>
          (await fetch(path, { method, credentials: 'include', headers: method === 'GET' ? {} : { 'X-XSRF-TOKEN': token } })).status;
        return {
          statistics: await call('GET', '/api/admin/statistics'),
          reports: await call('GET', '/api/admin/reports/pending'),
          suggestions: await call('GET', '/api/admin/suggestions/pending'),
          businesses: await call('GET', '/api/admin/businesses/reported'),
          review: await call('POST', '/api/admin/reports/1/review?action=approve'),
          remove: await call('DELETE', '/api/admin/businesses/1'),
        };
      });
      expect(statuses).toEqual({ statistics: 403, reports: 403, suggestions: 403, businesses: 403, review: 403, remove: 403 });

      expect(fromOrigin(seen.urls, remotes.directory).length).toBeGreaterThan(0);
      expect(fromOrigin(seen.urls, remotes.admin)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('an admin opening /admin does download it (control for the two tests above)', async ({ page, context }) => {
    const seen = recordRequests(context);
    try {
      await openAdmin(page);
      expect(fromOrigin(seen.urls, remotes.admin).some((url) => url.endsWith('/mf-manifest.json'))).toBe(true);
    } finally {
      seen.stop();
    }
  });
});

test.describe('released on its own', () => {
  let served: string | undefined;
  let build: string | undefined;
  const servers: FrontendServer[] = [];

  test.afterAll(async () => {
    for (const server of servers) await server.stop();
    removeDir(served);
    removeDir(build);
  });

  test('a new admin build goes live after a reload, without rebuilding or restarting the shell', async ({ page, errors }) => {
    served = copyBuild('mfe-admin');
    const admin = await startFrontendServer('mfe-admin', { outDir: served });
    servers.push(admin);
    const shell = await startFrontendServer('shell', { env: { ADMIN_REMOTE_URL: admin.manifestUrl, DIRECTORY_REMOTE_URL: remotes.directory } });
    servers.push(shell);
    expect((await runtimeConfig(shell.origin)).remotes.admin).toBe(admin.manifestUrl);
    const shellPage = await (await fetch(`${shell.origin}/`)).text();

    await openAdmin(page, shell.origin);
    const footer = page.getByTestId('admin-version');
    const before = await footer.innerText();
    expect(before).toMatch(new RegExp(`^Admin panel v${adminPackage.version.replace(/\./g, '\\.')}`));

    // A new release of the admin remote only: built from source with a visible label, then
    // deployed into the directory its server serves.
    const label = `e2e-release-${tag()}`;
    build = buildRemote('mfe-admin', { ADMIN_BUILD_LABEL: label });
    deployBuild(build, served);
    expect((await (await fetch(`${admin.origin}/version.json`)).json()).label).toBe(label);

    await page.reload();
    await expect(page.locator('[data-testid="admin-stats"][data-loaded="true"]')).toBeVisible();
    await expect(footer.filter({ hasText: exact(`Admin panel v${adminPackage.version} (${label})`) })).toBeVisible();
    await expect(footer).toHaveAttribute('data-label', label);

    // The shell was neither restarted (same process, still serving) nor rebuilt (same page).
    expect(() => process.kill(shell.pid, 0)).not.toThrow();
    expect(await (await fetch(`${shell.origin}/`)).text()).toBe(shellPage);
    // The stack under test still serves its own admin build.
    const stackVersion = await fetch(new URL('version.json', remotes.admin));
    expect(stackVersion.status).toBe(200);
    expect((await stackVersion.json()).label).not.toBe(label);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });
});

test.describe('remote outages', () => {
  const copies: string[] = [];
  const servers: FrontendServer[] = [];

  test.afterAll(async () => {
    for (const server of servers) await server.stop();
    for (const dir of copies) removeDir(dir);
  });

  test('admin remote down: landing and directory work, /admin says unavailable; directory down: landing works', async ({ page, errors }) => {
    const adminDir = copyBuild('mfe-admin');
    const directoryDir = copyBuild('mfe-directory');
    copies.push(adminDir, directoryDir);
    let admin = await startFrontendServer('mfe-admin', { outDir: adminDir });
    const directory = await startFrontendServer('mfe-directory', { outDir: directoryDir });
    servers.push(admin, directory);
    const shell = await startFrontendServer('shell', { env: { ADMIN_REMOTE_URL: admin.manifestUrl, DIRECTORY_REMOTE_URL: directory.manifestUrl } });
    servers.push(shell);

    // everything up
    await openAdmin(page, shell.origin);
    await page.goto(`${shell.origin}/browse`);
    await firstBusinessRow(page);

    // the admin remote goes down
    await admin.stop();
    expect(await answers(admin.manifestUrl)).toBe(false);
    await page.goto(`${shell.origin}/admin`);
    const adminDown = page.locator('[data-testid="remote-unavailable"][data-remote="admin"]');
    await expect(adminDown).toBeVisible();
    expect(await adminDown.innerText()).toContain('The admin panel is unavailable right now.');
    await page.goto(`${shell.origin}/`);
    await expect(page.getByRole('heading', { name: 'Find Pro-Palestinian Businesses' })).toBeVisible();
    await page.getByRole('link', { name: 'Explore Businesses' }).first().click();
    await page.waitForURL((url) => url.pathname === '/browse');
    const row = await firstBusinessRow(page);
    await row.getByRole('link', { name: 'View Details' }).click();
    await expect(page.getByTestId('business-detail')).toBeVisible();

    // the admin remote comes back on its port and the directory remote goes down
    admin = await startFrontendServer('mfe-admin', { outDir: adminDir, port: admin.port });
    servers.push(admin);
    await directory.stop();
    expect(await answers(directory.manifestUrl)).toBe(false);
    await page.goto(`${shell.origin}/`);
    await expect(page.getByTestId('landing-page')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Find Pro-Palestinian Businesses' })).toBeVisible();
    await expect(page.getByTestId('site-footer')).toBeVisible();
    await page.goto(`${shell.origin}/browse`);
    const directoryDown = page.locator('[data-testid="remote-unavailable"][data-remote="directory"]');
    await expect(directoryDown).toBeVisible();
    expect(await directoryDown.innerText()).toContain('The directory is unavailable right now.');
    await directoryDown.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page.getByTestId('landing-page')).toBeVisible();
    // and the admin panel, independent of the directory, works again without restarting the shell
    await openAdmin(page, shell.origin);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });
});

// The stack under test is untouched by the tests above.
test.afterAll(async () => {
  rmSync(adminState, { force: true });
  expect(await answers(remotes.admin)).toBe(true);
  expect(await answers(`${e2e.baseUrl}/`)).toBe(true);
});
