import { describe, expect, it } from 'vitest';
import type { Connect, ViteDevServer } from 'vite';
import { API_REFERENCE_PATH, apiReferencePlugin, PARTNERS_PAGE } from './api-reference';

/** What the dev server's middleware answers for `url`: its body and type, or that it passed the request on. */
async function served(url: string): Promise<{ body?: string; type?: string; passedOn: boolean }> {
  let middleware: Connect.NextHandleFunction | undefined;
  const fake = { middlewares: { use: (fn: Connect.NextHandleFunction) => void (middleware = fn) } } as unknown as ViteDevServer;
  (apiReferencePlugin().configureServer as (server: ViteDevServer) => void)(fake);
  return new Promise((resolve) => {
    let type: string | undefined;
    const res = {
      statusCode: 0,
      setHeader: (name: string, value: string) => void (name === 'Content-Type' && (type = value)),
      end: (body: string) => resolve({ body, type, passedOn: false }),
    };
    middleware!({ url } as Connect.IncomingMessage, res as never, () => resolve({ passedOn: true }));
  });
}

describe("the 'For partners' page beside the API reference", () => {
  it('is served under the reference folder, links back to it, and says how keys, the feed, submissions and v1 work', async () => {
    const page = await served(`${API_REFERENCE_PATH}${PARTNERS_PAGE}`);
    expect(page.type).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1>For partners</h1>');
    expect(page.body).toContain('<a href="./">API reference</a>');
    for (const words of ['Authorization: Bearer &lt;key&gt;', 'GET /api/v1/changes', 'next_cursor', 'POST /api/v1/submissions', 'The v1 promise']) {
      expect(page.body).toContain(words);
    }
    // No script: the reference folder's CSP allows scripts from the origin only, and this page needs none.
    expect(page.body).not.toContain('<script');
  });

  it('leaves other paths to the next handler', async () => {
    expect((await served(`${API_REFERENCE_PATH}nothing.html`)).passedOn).toBe(true);
  });
});
