// A member turns on TOTP on the account page (QR code and secret), signs in with a code of their
// authenticator app (computed here from the secret shown, with otpauth), then with a recovery code, and turns it off.
import { Secret, TOTP } from 'otpauth';
import { expect, test } from '../support/test';
import { MESSAGES } from '@zaytoon/contract';
import { expectNoPageErrors, expectToast, loggedOut, newUser, signUp, waitForPath } from './helpers';
import type { Page } from '@playwright/test';

// The tests of this file share one browser context and run in order, each carrying on from where the last one left it.
test.describe.configure({ mode: 'serial' });

const user = newUser('totp');

/** The code an authenticator app shows `steps` 30-second steps from now. */
const codeAt = (secret: string, steps = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

async function logOut(page: Page) {
  await page.goto('/dashboard');
  await expect(page.getByTestId('welcome')).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  // The toast comes once the API has ended the session; leaving the page before could cancel the call.
  await expectToast(page, 'Successfully logged out!', 'success');
  await waitForPath(page, '/');
}

/** Signs in with the password; the screen then asks for the code, which is typed and sent. */
async function signInWithCode(page: Page, code: string) {
  await page.goto('/login');
  await expect(page.locator('[data-testid="auth-screen"][data-mode="signin"]')).toBeVisible();
  await page.getByLabel('Email or Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toBeVisible();
  await expect(page.getByText(MESSAGES.totpRequired)).toBeVisible();
  expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('one-time-code');
  await codeField.fill(code);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectToast(page, 'Successfully logged in!', 'success');
  await waitForPath(page, '/dashboard');
  await expect(page.getByTestId('welcome')).toBeVisible();
}

test.describe('directory: two-factor authentication (TOTP)', () => {
  let secret = '';
  let recoveryCodes: string[] = [];

  test('is set up on the account page: QR code, the secret as text, a code to confirm, then the recovery codes once', async ({
    page,
    context,
    errors,
  }) => {
    await loggedOut(context);
    await signUp(page, user);
    await page.getByRole('link', { name: 'Settings' }).click();
    await waitForPath(page, '/account-settings');
    const section = page.getByTestId('second-factor');
    await expect(section.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await section.getByRole('button', { name: 'Set up two-factor authentication' }).click();

    const qr = section.getByRole('img', { name: 'QR code for your authenticator app' });
    await expect(qr).toBeVisible();
    // The canvas is drawn: some of its pixels are dark.
    const darkPixels = await qr.evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] < 128) dark++;
      return dark;
    });
    expect(darkPixels).toBeGreaterThan(100);
    secret = (await section.getByTestId('totp-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await section.getByLabel('Code from the app').fill(codeAt(secret));
    await section.getByRole('button', { name: 'Turn On' }).click();
    await expectToast(page, 'Two-factor authentication is on', 'success');
    const codes = section.getByTestId('recovery-codes').getByRole('listitem');
    await expect(codes.first()).toBeVisible();
    recoveryCodes = (await codes.allInnerTexts()).map((code) => code.trim());
    expect(recoveryCodes).toHaveLength(10);
    await section.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    expect(await section.getByTestId('recovery-codes').count()).toBe(0);
    await expect(section).toHaveAttribute('data-enabled', 'true');
    expectNoPageErrors(errors);
  });

  test('the sign-in screen asks for the code, and a code of the app signs in', async ({ page }) => {
    await logOut(page);
    // The code that turned it on is spent: the app's next one (the ±1 step window takes it).
    await signInWithCode(page, codeAt(secret, 1));
  });

  test('a recovery code signs in too, and turning it off needs the password and a code', async ({ page, errors }) => {
    await logOut(page);
    await signInWithCode(page, recoveryCodes[0]);

    await page.goto('/account-settings');
    const section = page.getByTestId('second-factor');
    await section.getByLabel('Password', { exact: true }).fill(user.password);
    await section.getByLabel('Code from the app, or a recovery code').fill(recoveryCodes[0]);
    await section.getByRole('button', { name: 'Turn Off Two-Factor Authentication' }).click();
    await expectToast(page, MESSAGES.totpInvalid, 'error');
    await section.getByLabel('Code from the app, or a recovery code').fill(recoveryCodes[1]);
    await section.getByRole('button', { name: 'Turn Off Two-Factor Authentication' }).click();
    await expectToast(page, MESSAGES.totpDisabled, 'success');
    await expect(section.getByRole('button', { name: 'Set up two-factor authentication' })).toBeVisible();
    expectNoPageErrors(errors);
  });
});
