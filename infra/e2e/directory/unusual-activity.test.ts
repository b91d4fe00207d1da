// Protection from bursts, on the running stack: five new accounts vote a business down within minutes and a sixth
// reports it; the business is paused, its page shows the neutral notice, and a new member's vote on the page is
// refused in the page's words while the score counts none of the burst's votes. The admin then finds the burst in
// 'Unusual activity' and lifts the protection, and the notice goes.
import { MESSAGES } from '@zaytoon/contract';
import { expect, test } from '../support/test';
import { addBusiness, cardInTab, eventually, logInAsAdmin, newMember, openAdmin, report, tag, type CreatedBusiness } from '../admin/helpers';
import { expectToast, newUser, signUp } from './helpers';

// The second test carries on from the first's paused business.
test.describe.configure({ mode: 'serial' });

let business: CreatedBusiness;

test('a burst from six new accounts pauses a business, and the banner shows', async ({ page }) => {
  const run = tag();
  const owner = await newMember('burst-owner');
  business = await addBusiness(owner, `Steady Bakery ${run}`);
  const burst = await Promise.all(Array.from({ length: 6 }, (_, n) => newMember(`burst${n}`)));
  for (const account of burst.slice(0, 5)) {
    expect((await account.http.post(`/api/businesses/${business.id}/vote`, { vote_type: 'downvote' })).status).toBe(200);
  }
  await report(burst[5], business.id, 'Does not support Palestine', `burst ${run}`);

  await page.goto(`/business/${business.id}`);
  await expect(page.locator(`[data-testid="business-detail"][data-business-id="${business.id}"]`)).toBeVisible();
  await expect(page.getByTestId('unusual-activity')).toHaveText(MESSAGES.businessPausedForNewAccounts);
  // The burst's downvotes are set aside: the score is the business's own.
  await expect(page.getByTestId('net-score')).toHaveText('0');

  await signUp(page, newUser('burst-late'));
  await page.goto(`/business/${business.id}`);
  await page.getByTestId('downvote').click();
  await expectToast(page, MESSAGES.businessPausedForNewAccounts, 'error');
  await expect(page.getByTestId('net-score')).toHaveText('0');
  await expect(page.getByTestId('unusual-activity')).toBeVisible();
});

test("the admin sees the burst in 'Unusual activity' and lifts it", async ({ page }) => {
  // The file's browser context is still the new member's.
  await page.context().clearCookies();
  await logInAsAdmin(page);
  await openAdmin(page);
  const card = await cardInTab(
    page,
    /^Unusual activity \(\d+\)$/,
    'unusual-activity',
    `[data-testid="paused-card"][data-business-id="${business.id}"]`,
  );
  await expect(card.getByTestId('burst-account')).toHaveCount(6);
  await expect(card.getByTestId('set-aside-votes')).toHaveText('Votes set aside: 5');
  await expect(card.getByTestId('burst-account').first()).toContainText('account age in days: 0: Voted it down');
  await card.getByRole('button', { name: 'Lift protection' }).click();
  await expectToast(page, 'Protection lifted', 'success');
  await expect(card).toHaveCount(0);

  // Visitors' answers are kept by the front door for seconds: the notice goes once they expire.
  await page.context().clearCookies();
  await eventually(async () => {
    await page.goto(`/business/${business.id}`);
    await expect(page.locator(`[data-testid="business-detail"][data-business-id="${business.id}"]`)).toBeVisible();
    await expect(page.getByTestId('unusual-activity')).toHaveCount(0, { timeout: 1_000 });
  }, 20_000);
  // The votes no admin discarded count again.
  await expect(page.getByTestId('net-score')).toHaveText('-5');
});
