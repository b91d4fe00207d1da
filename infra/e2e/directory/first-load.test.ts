// A first visit to /browse downloads what the list needs and nothing kept for later: the map, the other screens and the
// contract's messages come through import() boundaries, in chunks of their own; a static import of one of them from
// the list's code would add its bytes to every visit, which only bench:frontend's weight would otherwise show.
import { expect, test, type NewContext } from '../support/test';
import { fromOrigin, recordRequests, waitForQuietNetwork } from '../support/browser';
import { runtimeConfig } from '../admin/helpers';

// The rows' opening status and its parser (`opening-hours`) are on the first screen (rows without a click).
const LATER_CHUNKS =
  /\/(messages|contract-messages|weekdays|MapView|BusinessDetailScreen|BusinessFormScreen|AuthScreen|AccountSettingsScreen|UnsubscribeAlertScreen|SaveAlertButton|logOut|useMutation)-[\w-]+\.js$/;

/** The scripts a visitor's first /browse fetched until its list showed and the network went quiet, by origin. */
async function firstVisitScripts(newContext: NewContext): Promise<(origin: string) => string[]> {
  const context = await newContext();
  try {
    const seen = recordRequests(context);
    const page = await context.newPage();
    await page.goto('/browse');
    await page.getByTestId('city-group').first().waitFor();
    await waitForQuietNetwork(page);
    const urls = [...seen.urls];
    return (origin) => fromOrigin(urls, origin).filter((url) => url.endsWith('.js'));
  } finally {
    await context.close();
  }
}

test.describe('first visit to /browse', () => {
  test("downloads the list's code and none of the chunks kept for the map and later screens", async ({ newContext }) => {
    const { directory } = (await runtimeConfig()).remotes;
    const scripts = (await firstVisitScripts(newContext))(directory);
    expect(scripts.some((url) => /\/RemoteRoot-[\w-]+\.js$/.test(url))).toBe(true);
    expect(scripts.filter((url) => LATER_CHUNKS.test(url))).toEqual([]);
  });
});
