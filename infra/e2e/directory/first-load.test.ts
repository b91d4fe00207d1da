// Issue #10: a first visit to /browse downloads what the list needs and nothing kept for later. The map, the other
// screens and the contract's messages and limits (`screens-contract`) have chunks of their own
// (mfe-directory/build-chunks.ts); a static import of one of them from the first chunk would add its bytes to every
// visit, which only bench:frontend's weight would otherwise show.
import { describe, expect, it } from 'vitest';
import { fromOrigin, launchBrowser, recordRequests } from '../support/browser';
import { runtimeConfig } from '../admin/helpers';
import { e2e } from '../support/env';

const LATER_CHUNKS =
  /\/(screens-contract|screens-shared|opening-hours|OpeningStatus|MapView|BusinessDetailScreen|BusinessFormScreen|AuthScreen|AccountSettingsScreen|UnsubscribeAlertScreen|SaveAlertButton|logOut)-[\w-]+\.js$/;

/** A string of the helper block that @module-federation/vite writes into its generated modules (sharedCacheHelpersOnce). */
const SHARED_CACHE_HELPER = 'module-federation.shared-cache-listeners';

describe('first visit to /browse', () => {
  it('downloads the first-load chunk and none of the chunks kept for the map and later screens', async () => {
    const { directory } = (await runtimeConfig()).remotes;
    const { context, close } = await launchBrowser();
    try {
      const seen = recordRequests(context);
      const page = await context.newPage();
      await page.goto('/browse');
      await page.getByTestId('city-group').first().waitFor();
      await page.waitForLoadState('networkidle');

      const scripts = fromOrigin(seen.urls, directory).filter((url) => url.endsWith('.js'));
      expect(scripts.some((url) => /\/browse-[\w-]+\.js$/.test(url))).toBe(true);
      expect(scripts.filter((url) => LATER_CHUNKS.test(url))).toEqual([]);
    } finally {
      await close();
    }
  });

  it("carries module federation's shared-cache helpers once per app, not once per shared-module loader", async () => {
    const { directory } = (await runtimeConfig()).remotes;
    const { context, close } = await launchBrowser();
    try {
      const seen = recordRequests(context);
      const page = await context.newPage();
      await page.goto('/browse');
      await page.getByTestId('city-group').first().waitFor();
      await page.waitForLoadState('networkidle');

      const copiesFrom = async (origin: string) => {
        const scripts = fromOrigin(seen.urls, origin).filter((url) => url.endsWith('.js'));
        const bodies = await Promise.all(scripts.map(async (url) => (await fetch(url)).text()));
        return bodies.join('\n').split(SHARED_CACHE_HELPER).length - 1;
      };
      expect(await copiesFrom(e2e.baseUrl)).toBe(1);
      expect(await copiesFrom(directory)).toBe(1);
    } finally {
      await close();
    }
  });
});
