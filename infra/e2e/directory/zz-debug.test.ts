// TEMPORARY diagnostic (verification session): what keeps networkidle from firing after a search on /browse. Delete after use.
import type { Page, Request } from 'playwright-core';
import { describe, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { allBusinesses, directoryScreen, loggedOut } from './helpers';

const browser = useBrowser();

async function openDirectory(page: Page): Promise<void> {
  await page.goto('/browse');
  await directoryScreen(page, 'directory');
  await page.getByTestId('business-count').filter({ hasText: /businesses found$/ }).waitFor();
}

describe('debug', () => {
  it('search network', async () => {
    const { page } = browser;
    await loggedOut(browser.context);
    const t0 = Date.now();
    const inflight = new Map<Request, number>();
    const log: string[] = [];
    const tag = (r: Request) => `${r.method()} ${r.resourceType()} ${r.frame() === page.mainFrame() ? 'main' : 'other'} ${r.url().replace(/^https?:\/\/[^/]+/, '').slice(0, 140)}`;
    page.on('request', (r) => { inflight.set(r, Date.now()); log.push(`${Date.now() - t0} START ${tag(r)}`); });
    page.on('requestfinished', async (r) => { inflight.delete(r); log.push(`${Date.now() - t0} DONE ${tag(r)}`); });
    page.on('requestfailed', (r) => { inflight.delete(r); log.push(`${Date.now() - t0} FAIL ${r.failure()?.errorText} ${tag(r)}`); });
    page.on('frameattached', (f) => log.push(`${Date.now() - t0} FRAME attached ${f.url()}`));
    page.on('framenavigated', (f) => log.push(`${Date.now() - t0} FRAME navigated ${f === page.mainFrame() ? 'main' : 'child'} ${f.url()}`));
    page.on('load', () => log.push(`${Date.now() - t0} LOAD`));
    await openDirectory(page);
    log.push(`${Date.now() - t0} OPENED`);
    const { rows: all } = await allBusinesses<{ id: number; name: string; city: string | null }>(page);
    const target = all.find((row) => row.name.split(/\s+/).some((word) => /^[a-z]{6,}$/i.test(word)))!;
    const word = target.name.split(/\s+/).find((w) => /^[a-z]{6,}$/i.test(w))!;
    await allBusinesses(page, `?search=${encodeURIComponent(word)}`);
    log.push(`${Date.now() - t0} LISTED`);
    const box = page.getByPlaceholder('Search businesses...');
    await box.pressSequentially(word, { delay: 40 });
    log.push(`${Date.now() - t0} TYPED`);
    await page.getByTestId('business-count').filter({ hasText: /^\s*\d+ businesses found\s*$/ }).waitFor();
    log.push(`${Date.now() - t0} COUNTED`);
    try {
      await page.waitForLoadState('networkidle', { timeout: 8000 });
      log.push(`${Date.now() - t0} IDLE`);
    } catch (e) {
      log.push(`${Date.now() - t0} NOT IDLE ${(e as Error).message.slice(0, 600)}`);
    }
    const frames = page.frames().map((f) => `${f === page.mainFrame() ? 'main' : 'child'} ${f.url()}`);
    console.log(log.join('\n'));
    console.log('FRAMES', frames.join(' | '));
    console.log('INFLIGHT', [...inflight].map(([r, at]) => `${at - t0} ${tag(r)}`).join('\n'));
  });
});
