import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Connect, PreviewServer, ViteDevServer } from 'vite';
import { EMBED_HTML, embedPagePlugin } from './embed-page';

const root = mkdtempSync(join(tmpdir(), 'zaytoon-embed-page-'));
writeFileSync(join(root, EMBED_HTML), '<html><head><title>Zaytoon</title></head><body><div id="embed"></div></body></html>');
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Answer {
  url?: string;
  passedOn: boolean;
  body?: string;
}

/** What the plugin's middleware (the dev server's or the preview's) does with a request for `url`. */
async function handle(server: 'dev' | 'preview', url: string): Promise<Answer> {
  let middleware: Connect.NextHandleFunction | undefined;
  const fake = { config: { root }, middlewares: { use: (fn: Connect.NextHandleFunction) => void (middleware = fn) } } as unknown as ViteDevServer &
    PreviewServer;
  const plugin = embedPagePlugin();
  if (server === 'dev') (plugin.configureServer as (server: ViteDevServer) => void)(fake);
  else (plugin.configurePreviewServer as (server: PreviewServer) => void)(fake);
  const req = { url } as Connect.IncomingMessage;
  return new Promise((resolve) => {
    const res = { setHeader: () => undefined, end: (body: string) => resolve({ url: req.url, passedOn: false, body }) };
    middleware!(req, res as never, () => resolve({ url: req.url, passedOn: true }));
  });
}

describe('/embed outside the front door', () => {
  it("the dev server answers embed.html's source with Vite's client, and nothing else", async () => {
    const page = await handle('dev', '/embed?city=London&view=list');
    expect(page.passedOn).toBe(false);
    expect(page.body).toContain('<div id="embed">');
    expect(page.body).toContain('<script type="module" src="/@vite/client"></script>');
    for (const url of ['/embedded', '/browse?x=/embed', '/embed.html']) expect((await handle('dev', url)).passedOn, url).toBe(true);
  });

  it("the preview serves the embed build's page with the query kept", async () => {
    expect(await handle('preview', '/embed?city=London&view=list')).toEqual({ url: '/embed.html?city=London&view=list', passedOn: true });
    expect(await handle('preview', '/embed')).toEqual({ url: '/embed.html', passedOn: true });
    expect(await handle('preview', '/browse')).toEqual({ url: '/browse', passedOn: true });
  });
});
