// Issue #10: a first visit to /browse downloads what the list needs and nothing kept for later. The map, the other
// screens and the contract's messages and limits (`screens-contract`) have chunks of their own
// (mfe-directory/build-chunks.ts); a static import of one of them from the first chunk would add its bytes to every
// visit, which only bench:frontend's weight would otherwise show.
import { describe, expect, it } from 'vitest';
import { fromOrigin, launchBrowser, recordRequests } from '../support/browser';
import { runtimeConfig } from '../admin/helpers';

const LATER_CHUNKS =
  /\/(screens-contract|opening-hours|OpeningStatus|MapView|BusinessDetailScreen|BusinessFormScreen|AuthScreen|AccountSettingsScreen|UnsubscribeAlertScreen|SaveAlertButton|logOut)-[\w-]+\.js$/;

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
});
