// Issue #10: a first visit to /browse downloads what the list needs and nothing kept for later. The map, the other
// screens and the contract's messages and limits (`screens-contract`) have chunks of their own
// (mfe-directory/build-chunks.ts); a static import of one of them from the first chunk would add its bytes to every
// visit, which only bench:frontend's weight would otherwise show.
import { expect, test, type NewContext } from '../support/test';
import { fromOrigin, recordRequests, waitForQuietNetwork } from '../support/browser';
import { runtimeConfig } from '../admin/helpers';
import { e2e } from '../support/env';

// The rows' opening status and its parser (`opening-hours`) are on the first screen since issue #30 (rows without a click).
const LATER_CHUNKS =
  /\/(screens-contract|screens-shared|MapView|BusinessDetailScreen|BusinessFormScreen|AuthScreen|AccountSettingsScreen|UnsubscribeAlertScreen|SaveAlertButton|logOut)-[\w-]+\.js$/;

/** A string of the helper block that @module-federation/vite writes into its generated modules (sharedCacheHelpersOnce). */
const SHARED_CACHE_HELPER = 'module-federation.shared-cache-listeners';

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
  test('downloads the first-load chunk and none of the chunks kept for the map and later screens', async ({ newContext }) => {
    const { directory } = (await runtimeConfig()).remotes;
    const scripts = (await firstVisitScripts(newContext))(directory);
    expect(scripts.some((url) => /\/browse-[\w-]+\.js$/.test(url))).toBe(true);
    expect(scripts.filter((url) => LATER_CHUNKS.test(url))).toEqual([]);
  });

  test("carries module federation's shared-cache helpers once per app, not once per shared-module loader", async ({ newContext }) => {
    const { directory } = (await runtimeConfig()).remotes;
    const scriptsFrom = await firstVisitScripts(newContext);
    const copiesFrom = async (origin: string) => {
      const bodies = await Promise.all(scriptsFrom(origin).map(async (url) => (await fetch(url)).text()));
      return bodies.join('\n').split(SHARED_CACHE_HELPER).length - 1;
    };
    expect(await copiesFrom(e2e.baseUrl)).toBe(1);
    expect(await copiesFrom(directory)).toBe(1);
  });
});
