// SPEC §2 auth screen, route guards and forgot password, through the shell against the real API.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { FIRST_LOAD_MESSAGES, LIMITS, MESSAGES, SIGNED_IN_COOKIE } from '@zaytoon/contract';
import { waitForQuietNetwork } from '../support/browser';
import { e2e } from '../support/env';

import { apiFetch, directoryScreen, eventually, expectNoPageErrors, expectToast, logIn, loggedOut, newUser, pathOf, waitForPath } from './helpers';

// The tests of this file share one browser context and run in order, each carrying on from where the last one left it.
test.describe.configure({ mode: 'serial' });

const user = newUser('auth');

test.describe('directory: sign up, log in, log out', () => {
  test('creates an account from the Create Account card and lands on /dashboard', async ({ page, context, errors }) => {
    await loggedOut(context);
    await page.goto('/login');
    const card = page.getByTestId('auth-screen');
    await expect(card).toBeVisible();
    await expect(card).toHaveAttribute('data-mode', 'signin');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByLabel('Email or Username')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgot-password');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

    await page.getByRole('button', { name: "Don't have an account? Sign Up" }).click();
    await expect(card).toHaveAttribute('data-mode', 'signup');
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    for (const label of ['Full Name', 'Username', 'Email', 'Password']) {
      await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('required');
    }
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email');
    await page.getByLabel('Full Name').fill(user.name);
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password').fill(user.password);

    // Hold the answer so the pending state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/signup', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    const pending = page.getByRole('button', { name: 'Creating Account...' });
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();
    release();

    await expectToast(page, 'Account created successfully!', 'success');
    await waitForPath(page, '/dashboard');
    await expect(page.getByTestId('welcome').filter({ hasText: `Welcome, ${user.name}` })).toBeVisible();
    expect(await page.getByTestId('welcome').innerText()).not.toContain('(Admin)');
    await expect(page.getByRole('link', { name: 'Add Business' })).toBeVisible();
    expect(await page.getByRole('link', { name: 'Admin Panel' }).count()).toBe(0);
    expectNoPageErrors(errors);
  });

  test('a logged-in user opening /login is sent to /dashboard', async ({ page }) => {
    await page.goto('/login');
    await waitForPath(page, '/dashboard');
    await directoryScreen(page, 'directory');
    expect(await page.getByTestId('auth-screen').count()).toBe(0);
  });

  test("logs out to '/' with 'Successfully logged out!'", async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByTestId('welcome')).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expectToast(page, 'Successfully logged out!', 'success');
    await waitForPath(page, '/');
    await expect(page.getByTestId('landing-page')).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByText('Login to add businesses')).toBeVisible();
    expect(await page.getByTestId('welcome').count()).toBe(0);
  });

  test("a wrong password shows the server's detail in a toast; the right one logs in", async ({ page, context }) => {
    await loggedOut(context);
    await page.goto('/login');
    await page.getByLabel('Email or Username').fill(user.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectToast(page, 'Invalid email/username or password', 'error');
    expect(await pathOf(page)).toBe('/login');
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();

    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectToast(page, 'Successfully logged in!', 'success');
    await waitForPath(page, '/dashboard');
    await expect(page.getByTestId('welcome').filter({ hasText: `Welcome, ${user.name}` })).toBeVisible();
  });

  test('a duplicate username is refused with a toast', async ({ page, context }) => {
    await loggedOut(context);
    await page.goto('/login');
    await page.getByRole('button', { name: "Don't have an account? Sign Up" }).click();
    await page.getByLabel('Full Name').fill('Someone Else');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Email', { exact: true }).fill(`other-${user.email}`);
    await page.getByLabel('Password').fill('whatever-123');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expectToast(page, 'Username already taken', 'error');
    expect(await pathOf(page)).toBe('/login');
    // 'Already have an account? Sign In' switches back
    await page.getByRole('button', { name: 'Already have an account? Sign In' }).click();
    await expect(page.getByTestId('auth-screen')).toHaveAttribute('data-mode', 'signin');
  });
});

test.describe('directory: the session check on page load (signed-in hint cookie, docs/decisions/0003-accounts-and-sessions.md)', () => {
  const askedForMe = (page: Page) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/me') asked.push(request.url());
    });
    return asked;
  };

  test("a visitor's /browse never asks /api/auth/me and logs no console error", async ({ page, context, errors }) => {
    await loggedOut(context);
    const asked = askedForMe(page);
    await page.goto('/browse');
    await expect(page.locator('[data-testid="city-group"], [data-testid="directory-empty"]').first()).toBeVisible();
    await waitForQuietNetwork(page);
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('a signed-in member is still recognised after a reload; after logout the next visit asks nothing', async ({ page, context, errors }) => {
    await loggedOut(context);
    await logIn(page, user.username, user.password);
    const hint = (await context.cookies()).find((cookie) => cookie.name === SIGNED_IN_COOKIE);
    expect(hint).toMatchObject({ value: '1', httpOnly: false, path: '/' });
    const asked = askedForMe(page);
    await page.reload();
    await expect(page.getByTestId('welcome').filter({ hasText: `Welcome, ${user.name}` })).toBeVisible();
    expect(asked.length).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expectToast(page, 'Successfully logged out!', 'success');
    expect((await context.cookies()).some((cookie) => cookie.name === SIGNED_IN_COOKIE)).toBe(false);
    asked.length = 0;
    await page.goto('/dashboard');
    await expect(page.getByText('Login to add businesses')).toBeVisible();
    expect(asked).toEqual([]);
    expectNoPageErrors(errors);
  });
});

test.describe('directory: protected routes', () => {
  for (const path of ['/add-business', '/account-settings', '/change-password', '/edit-business/1']) {
    test(`${path} shows a spinner while the session loads, then goes to /login`, async ({ page, context }) => {
      await loggedOut(context);
      // A hint left by an ended session: the shell asks, and waits for, the API's answer (401).
      await context.addCookies([{ name: SIGNED_IN_COOKIE, value: '1', url: e2e.baseUrl }]);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/auth/me', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(path);
      await expect(page.getByTestId('page-spinner')).toBeVisible();
      expect(await pathOf(page)).toBe(path);
      release();
      await waitForPath(page, '/login');
      await expect(page.getByTestId('auth-screen')).toBeVisible();
      expect((await context.cookies()).some((cookie) => cookie.name === SIGNED_IN_COOKIE)).toBe(false);
    });
  }
});

test.describe('directory: forgot password (4 steps) with the mailed code', () => {
  test('resets the password with the 6-digit code, then logs in with the new one', async ({ page, context, errors, mailbox }) => {
    await loggedOut(context);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await waitForPath(page, '/forgot-password');
    const screen = page.getByTestId('forgot-password');
    await expect(screen).toBeVisible();
    await expect(screen).toHaveAttribute('data-step', '1');
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');

    await page.getByLabel('Email or Username').fill(user.email);
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await expect(page.getByRole('heading', { name: 'Enter Verification Code' })).toBeVisible();
    await expect(screen).toHaveAttribute('data-step', '2');
    await expect(page.getByText('Code expires in 15 minutes')).toBeVisible();
    const codeInput = page.getByLabel('Verification Code');
    await expect(codeInput).toHaveAttribute('maxlength', '6');
    await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveCount(1);

    const first = await mailbox.waitFor(user.email, { subject: /password reset code/i });

    // 'Back' returns to step 1; sending again mails a new code (the one to use).
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    await expect(screen).toHaveAttribute('data-step', '1');
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await expect(page.getByRole('heading', { name: 'Enter Verification Code' })).toBeVisible();

    const mail = await eventually(async () => {
      const latest = await mailbox.waitFor(user.email, { subject: /password reset code/i });
      if (latest.id === first.id) throw new Error('the second code has not arrived yet');
      return latest;
    });
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code, `no 6-digit code in: ${mail.text}`).toBeTruthy();

    // Client rules first: too short, then mismatch.
    const newPassword = `${user.password}-reset`;
    await codeInput.fill(code!);
    await page.getByLabel('New Password').fill('short');
    await page.getByLabel('Confirm Password').fill('short');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectToast(page, 'Password must be at least 6 characters', 'error');
    await page.getByLabel('New Password').fill(newPassword);
    await page.getByLabel('Confirm Password').fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectToast(page, 'Passwords do not match', 'error');

    await page.getByLabel('Confirm Password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toBeVisible();
    await expect(screen).toHaveAttribute('data-step', '4');
    expect(await page.getByRole('link', { name: 'Back to Login' }).count()).toBe(0);
    const shownAt = Date.now();
    await waitForPath(page, '/login');
    expect(Date.now() - shownAt).toBeGreaterThan(2000);

    // The old password no longer works; the new one does.
    await page.getByLabel('Email or Username').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectToast(page, 'Invalid email/username or password', 'error');
    await logIn(page, user.email, newPassword);
    await expect(page.getByTestId('welcome').filter({ hasText: `Welcome, ${user.name}` })).toBeVisible();
    user.password = newPassword;
    expectNoPageErrors(errors);
  });
});

test.describe('landing page and footer (SPEC §1)', () => {
  test('shows the landing links and the footer: support link, social links, placeholders, © 2024', async ({ page, context }) => {
    await loggedOut(context);
    await page.goto('/');
    await expect(page.getByTestId('landing-page')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Find Pro-Palestinian Businesses' })).toBeVisible();
    const hrefOf = async (name: string) => page.getByTestId('landing-page').getByRole('link', { name, exact: true }).first().getAttribute('href');
    expect(await hrefOf('Explore Businesses')).toBe('/browse');
    expect(await hrefOf('Add Your Business')).toBe('/login');
    expect(await hrefOf('Browse Directory')).toBe('/browse');
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ready to Make a Difference?' })).toBeVisible();
    for (const step of ['Discover', 'Connect', 'Verify']) await expect(page.getByRole('heading', { name: step, exact: true })).toBeVisible();

    const footer = page.getByTestId('site-footer');
    await footer.scrollIntoViewIfNeeded();
    const support = page.getByTestId('support-link');
    await expect(support).toHaveAttribute('href', /^https:\/\/(?!localhost)/);
    await expect(support).toHaveAttribute('target', '_blank');
    const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.some((h) => /^https:\/\/(x|twitter)\.com\//.test(h))).toBe(true);
    expect(hrefs.some((h) => /^https:\/\/(www\.)?instagram\.com\//.test(h))).toBe(true);
    expect(hrefs).toContain('/browse');
    expect(hrefs).toContain('/login');
    for (const label of ['Guidelines', 'Support', 'Contact']) {
      const link = footer.getByRole('link', { name: label, exact: true });
      await expect(link).toHaveAttribute('href', '#');
      await link.click();
      expect(await pathOf(page)).toBe('/');
    }
    expect(await footer.innerText()).toContain('© 2024');
    expect(await footer.innerText()).not.toMatch(/20(2[5-9]|3\d)/);
  });
});

test.describe('directory: login returns to where the visitor was', () => {
  const someBusiness = async (page: Page) => {
    const answer = await apiFetch<Array<{ id: number; name: string }>>(page, '/api/businesses?limit=1');
    return answer.body[0];
  };
  const signIn = async (page: Page) => {
    await expect(page.locator('[data-testid="auth-screen"][data-mode="signin"]')).toBeVisible();
    await page.getByLabel('Email or Username').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectToast(page, 'Successfully logged in!', 'success');
  };

  test("a business page's 'Log In' comes back to the business", async ({ page, context }) => {
    await loggedOut(context);
    await page.goto('/browse');
    const business = await someBusiness(page);
    await page.goto(`/business/${business.id}`);
    await expect(page.getByTestId('business-detail')).toBeVisible();
    await page.getByRole('link', { name: 'Log In' }).click();
    await waitForPath(page, '/login');
    await signIn(page);
    await waitForPath(page, `/business/${business.id}`);
    await expect(page.getByTestId('welcome').filter({ hasText: `Welcome, ${user.name}` })).toBeVisible();
  });

  test('a protected page that sent the visitor to /login is where logging in leads', async ({ page, context }) => {
    await loggedOut(context);
    await page.goto('/add-business');
    await waitForPath(page, '/login');
    await signIn(page);
    await waitForPath(page, '/add-business');
    await expect(page.getByTestId('business-form')).toBeVisible();
  });

  test('a return target of another site is refused: /dashboard', async ({ page, context }) => {
    await loggedOut(context);
    await page.goto('/login');
    await expect(page.getByTestId('auth-screen')).toBeVisible();
    // The router keeps its state in the history entry: forge one that points away, then reload.
    await page.evaluate(() => history.replaceState({ usr: { from: '//evil.example/business/1' }, key: 'forged', idx: 0 }, ''));
    await page.reload();
    await signIn(page);
    await waitForPath(page, '/dashboard');
    expect(new URL(page.url()).host).toBe(new URL(e2e.baseUrl).host);
  });

  test('an expired session: a toast, /login, and back to the page after logging in again', async ({ page, context }) => {
    await loggedOut(context);
    await logIn(page, user.username, user.password);
    const business = await someBusiness(page);
    await page.goto(`/business/${business.id}`);
    await expect(page.getByRole('button', { name: 'Suggest Edit' })).toBeVisible();
    // The session ends on the server (another tab logged out); this page still thinks it is signed in.
    expect((await apiFetch(page, '/api/auth/logout', { method: 'POST' })).status).toBe(200);
    await page.getByTestId('upvote').click();
    await expectToast(page, FIRST_LOAD_MESSAGES.sessionExpired, 'error');
    await waitForPath(page, '/login');
    await expect(page.getByTestId('toast').filter({ hasText: FIRST_LOAD_MESSAGES.sessionExpired })).toHaveCount(1);
    await signIn(page);
    await waitForPath(page, `/business/${business.id}`);
  });
});

test.describe('directory: sign-up tells its rules before submitting', () => {
  test('the username and password rules are under their fields', async ({ page, context }) => {
    await loggedOut(context);
    await page.goto('/login');
    await page.getByRole('button', { name: "Don't have an account? Sign Up" }).click();
    const description = (label: string) =>
      page.getByLabel(label, { exact: true }).evaluate((input) =>
        (input.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
    expect(await description('Username')).toBe(MESSAGES.usernameCharacters);
    expect(await description('Password')).toBe(MESSAGES.passwordTooShort);
    await expect(page.getByText(MESSAGES.passwordTooShort)).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveAttribute('minlength', String(LIMITS.passwordMinLength));
  });
});
