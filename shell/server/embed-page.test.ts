import { describe, expect, it } from 'vitest';
import type { Connect, PreviewServer, ViteDevServer } from 'vite';
import { embedPagePlugin } from './embed-page';

function rewritten(url: string): string | undefined {
  let handler: Connect.NextHandleFunction | undefined;
  const server = { middlewares: { use: (fn: Connect.NextHandleFunction) => void (handler = fn) } } as unknown as ViteDevServer & PreviewServer;
  (embedPagePlugin().configureServer as (server: ViteDevServer) => void)(server);
  const req = { url } as Connect.IncomingMessage;
  handler!(req, {} as never, () => undefined);
  return req.url;
}

describe('the embed page in the dev server', () => {
  it('serves /embed (with its query) from embed.html and leaves every other path alone', () => {
    expect(rewritten('/embed?city=London&view=list')).toBe('/embed.html?city=London&view=list');
    expect(rewritten('/embed')).toBe('/embed.html');
    expect(rewritten('/embedded')).toBe('/embedded');
    expect(rewritten('/browse?x=/embed')).toBe('/browse?x=/embed');
  });
});
