// The admin's Suggestions tab opened by its URL (/admin?tab=suggestions): a search by business name
// and a filter by field narrow the queue on the server, the URL keeps them over a reload, Back
// returns from another tab, and a suggestion's card links to its business. The Re-checks tab, which spans the
// directory (every business never verified), is searched and filtered by reason the same way.
import { expect, test } from '../support/test';
import { addBusiness, logInAsAdmin, newMember, suggest, tag, type CreatedBusiness } from './helpers';

test.describe.configure({ mode: 'serial' });

const run = tag();
let cafe: CreatedBusiness;
let cafeSuggestion: number;

test.beforeAll(async () => {
  const member = await newMember('qsearch');
  cafe = await addBusiness(member, `Searched Olive Cafe ${run}`);
  const other = await addBusiness(member, `Other Corner Shop ${run}`);
  cafeSuggestion = (await suggest(member, cafe.id, 'phone', '0113 496 0101')).id;
  await suggest(member, other.id, 'phone', '0113 496 0102');
});

test.describe('admin queues: search and filter', () => {
  test('the Suggestions tab, opened by URL, searches by business name and links to the business', async ({ page }) => {
    await logInAsAdmin(page);
    await page.goto('/admin?tab=suggestions');
    await expect(page.getByRole('tab', { name: /^Suggestions \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
    const queue = page.getByTestId('suggestions-queue');
    const cards = queue.getByTestId('suggestion-card');

    await queue.getByRole('searchbox', { name: 'Search by business name' }).fill(`olive cafe ${run}`);
    await queue.getByRole('searchbox', { name: 'Search by business name' }).press('Enter');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAttribute('data-suggestion-id', String(cafeSuggestion));
    await expect(page).toHaveURL(new RegExp(`[?&]tab=suggestions&q=olive\\+cafe\\+${run}$`));

    await queue.getByRole('combobox', { name: 'Field' }).selectOption('website');
    await expect(queue.getByTestId('no-suggestions')).toBeVisible();
    await queue.getByRole('combobox', { name: 'Field' }).selectOption('phone');
    await expect(cards).toHaveCount(1);

    // A reload opens the same tab with the same search and filter.
    await page.reload();
    await expect(page.getByRole('tab', { name: /^Suggestions \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
    await expect(queue.getByRole('searchbox', { name: 'Search by business name' })).toHaveValue(`olive cafe ${run}`);
    await expect(cards).toHaveCount(1);

    // Another tab, then Back, returns to the Suggestions tab.
    await page.getByRole('tab', { name: /^Reports \(\d+\)$/ }).click();
    await expect(page).toHaveURL(/[?&]tab=reports$/);
    await page.goBack();
    await expect(page.getByRole('tab', { name: /^Suggestions \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
    await expect(cards).toHaveCount(1);

    const link = cards.first().getByRole('link', { name: cafe.name });
    await expect(link).toHaveAttribute('href', `/business/${cafe.id}`);
    const [business] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await expect(business).toHaveURL(new RegExp(`/business/${cafe.id}$`));
    await expect(business.getByRole('heading', { level: 1, name: cafe.name })).toBeVisible();
  });

  test('the Re-checks tab searches by business name and filters by reason on the server, and keeps both in the URL', async ({ page }) => {
    // Signed in by the test before (the file's tests share one browser context).
    await page.goto('/admin?tab=rechecks');
    await expect(page.getByRole('tab', { name: /^Re-checks \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
    const queue = page.getByTestId('rechecks');
    const cards = queue.getByTestId('recheck-card');

    const search = queue.getByRole('searchbox', { name: 'Search by business name' });
    await search.fill(`olive cafe ${run}`);
    await search.press('Enter');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAttribute('data-business-id', String(cafe.id));
    await expect(cards.first()).toHaveAttribute('data-reason', 'never');
    await expect(page).toHaveURL(new RegExp(`[?&]tab=rechecks&q=olive\\+cafe\\+${run}$`));

    await queue.getByRole('combobox', { name: 'Reason' }).selectOption('due');
    await expect(cards).toHaveCount(0);
    await expect(queue.getByText('No businesses to re-check')).toBeVisible();
    await queue.getByRole('combobox', { name: 'Reason' }).selectOption('never');
    await expect(cards).toHaveCount(1);
    await expect(page).toHaveURL(/[?&]reason=never$/);

    await page.reload();
    await expect(queue.getByRole('searchbox', { name: 'Search by business name' })).toHaveValue(`olive cafe ${run}`);
    await expect(queue.getByRole('combobox', { name: 'Reason' })).toHaveValue('never');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAttribute('data-business-id', String(cafe.id));
  });
});
