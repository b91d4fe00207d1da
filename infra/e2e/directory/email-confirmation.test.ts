// Through the shell: signup still lands on /dashboard signed in, now with a banner saying the
// address is unconfirmed; 'Resend' mails a new link (to the dev mail catcher); the link's page confirms nothing when
// it opens, only on the member's click, and the banner is then gone. Alerts wait for a confirmed address.
import { expect, Mailbox, test } from '../support/test';
import { CONFIRMATION_SUBJECT, mailedConfirmationLink } from '../support/email-confirmation';

import { apiFetch, eventually, expectToast, newUser, signUp, waitForPath } from './helpers';

// The tests of this file share one browser context and run in order, each carrying on from where the last one left it.
test.describe.configure({ mode: 'serial' });

const user = newUser('confirm');
const mailbox = new Mailbox();

const confirmationMails = async () => (await mailbox.list(user.email)).filter((mail) => CONFIRMATION_SUBJECT.test(mail.subject));
const confirmed = async (page: Parameters<typeof apiFetch>[0]) =>
  (await apiFetch<{ email_confirmed?: boolean }>(page, '/api/auth/me')).body.email_confirmed;

test.describe('email confirmation', () => {
  test('signup lands on /dashboard signed in, with the banner and a mailed link; Resend mails another', async ({ page }) => {
    await signUp(page, user);
    const banner = page.getByTestId('email-confirmation-banner');
    await expect(banner).toBeVisible();
    expect(await banner.innerText()).toContain(`Please confirm your email address: we sent a link to ${user.email}.`);
    await eventually(async () => expect(await confirmationMails()).toHaveLength(1));
    expect(await confirmed(page)).toBe(false);

    // Saving an alert needs a confirmed address: the server's 403 says why.
    await page.goto('/browse?city=London');
    await expect(page.getByTestId('business-count').filter({ hasText: /found/ })).toBeVisible();
    await page.getByRole('button', { name: 'Email me new businesses like these' }).click();
    await expectToast(page, 'Please confirm your email address first: open the link we emailed you, or choose Resend', 'error');

    await banner.getByRole('button', { name: 'Resend' }).click();
    await expectToast(page, 'We sent you a new confirmation link', 'success');
    await eventually(async () => expect(await confirmationMails()).toHaveLength(2));
  });

  test("the mailed link's page confirms only on the click, and the banner goes", async ({ page }) => {
    const link = await mailedConfirmationLink(mailbox, user.email);
    await page.goto(link.pathname + link.search);
    await expect(page.getByTestId('confirm-email')).toBeVisible();
    // Opening the page (scripts and all, as a mail scanner may) confirmed nothing.
    expect(await confirmed(page)).toBe(false);
    await expect(page.getByTestId('email-confirmation-banner')).toBeVisible();

    await page.getByRole('button', { name: 'Confirm my email address' }).click();
    const done = page.getByTestId('email-confirmed');
    await expect(done).toBeVisible();
    expect(await done.innerText()).toContain('Thank you: your email address is confirmed');
    expect(await confirmed(page)).toBe(true);
    await expect(page.getByTestId('email-confirmation-banner')).not.toBeAttached();

    await page.getByRole('link', { name: 'Back to Directory' }).click();
    await waitForPath(page, '/dashboard');
    await expect(page.getByTestId('welcome')).toBeVisible();
    expect(await page.getByTestId('email-confirmation-banner').count()).toBe(0);

    // The link worked once.
    await page.goto(link.pathname + link.search);
    await page.getByRole('button', { name: 'Confirm my email address' }).click();
    expect(await page.getByTestId('email-not-confirmed').innerText()).toContain('This confirmation link has already been used');
  });
});
