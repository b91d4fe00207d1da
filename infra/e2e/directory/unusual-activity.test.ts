// Protection from bursts, on the running stack: five new accounts vote a business down within minutes and a sixth
// reports it; the business is paused, its page shows the neutral notice, and a new member's vote on the page is
// refused in the page's words while the score counts none of the burst's votes.
import { MESSAGES } from '@zaytoon/contract';
import { expect, test } from '../support/test';
import { addBusiness, newMember, report, tag } from '../admin/helpers';
import { expectToast, newUser, signUp } from './helpers';

test('a burst from six new accounts pauses a business, and the banner shows', async ({ page }) => {
  const run = tag();
  const owner = await newMember('burst-owner');
  const business = await addBusiness(owner, `Steady Bakery ${run}`);
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
