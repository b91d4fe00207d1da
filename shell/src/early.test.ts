import { describe, expect, it, vi } from 'vitest';
import { createApiClient, matchAppRoute, PAGING } from '@zaytoon/contract/client';
import { remoteFirstFiles, type Manifest } from './early';

const routeOwner = (path: string) => matchAppRoute(path)?.route.owner;

const manifest: Manifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      path: './App',
      assets: {
        js: {
          sync: ['assets/RemoteRoot-1.js', 'assets/browse-2.js'],
          async: ['assets/MapView-3.js', 'assets/_virtual_mf___x__loadShare__shared-4.js', 'assets/react-5.js'],
        },
      },
    },
  ],
};

describe('the early script', () => {
  it('knows which app owns a path, params included', () => {
    expect(routeOwner('/browse')).toBe('directory');
    expect(routeOwner('/business/42')).toBe('directory');
    expect(routeOwner('/')).toBe('shell');
    expect(routeOwner('/admin')).toBe('admin');
    expect(routeOwner('/no/such/page')).toBeUndefined();
  });

  it("preloads the opening screen's files too when the remote's manifest lists them", () => {
    const withScreen: Manifest = {
      ...manifest,
      exposes: [
        ...manifest.exposes,
        { path: './screen/business-detail', assets: { js: { sync: ['assets/browse-2.js', 'assets/Detail-6.js'], async: ['assets/Dialog-7.js'] } } },
      ],
    };
    const url = new URL('http://d.test/remotes/directory/mf-manifest.json');
    expect(remoteFirstFiles(withScreen, url, 'business-detail')).toEqual([
      ...remoteFirstFiles(manifest, url),
      'http://d.test/remotes/directory/assets/Detail-6.js',
    ]);
    expect(remoteFirstFiles(withScreen, url, 'auth')).toEqual(remoteFirstFiles(manifest, url));
  });

  it("preloads the remote's entry, its root module's files and its shared-module loader, beside the manifest", () => {
    expect(remoteFirstFiles(manifest, new URL('http://d.test/remotes/directory/mf-manifest.json'))).toEqual([
      'http://d.test/remotes/directory/remoteEntry.js',
      'http://d.test/remotes/directory/assets/RemoteRoot-1.js',
      'http://d.test/remotes/directory/assets/browse-2.js',
      'http://d.test/remotes/directory/assets/_virtual_mf___x__loadShare__shared-4.js',
    ]);
  });

  it('hands its download of the manifest to the federation runtime once, so the page asks for it once', async () => {
    const manifestUrl = 'http://d.test/remotes/directory/mf-manifest.json';
    const fetch = vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/runtime-config.json')
        ? Response.json({ productName: 'Zaytoon', remotes: { directory: manifestUrl, admin: '' } })
        : Response.json(manifest),
    );
    vi.stubGlobal('fetch', fetch);
    window.history.pushState({}, '', '/browse');
    vi.resetModules();
    try {
      const early = await import('./early');
      await vi.waitFor(() => expect(document.head.querySelectorAll('link[rel="modulepreload"]').length).toBe(4));
      expect(early.takeEarlyManifest('http://other.test/mf-manifest.json')).toBeUndefined();
      const handed = await early.takeEarlyManifest(manifestUrl);
      expect(await handed?.json()).toEqual(manifest);
      expect(early.takeEarlyManifest(manifestUrl)).toBeUndefined();
      expect(fetch.mock.calls.filter(([input]) => String(input) === manifestUrl)).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
      window.history.pushState({}, '', '/');
      document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
    }
  });

  it("reads a route's params", () => {
    expect(matchAppRoute('/business/42')).toMatchObject({ route: { screen: 'business-detail' }, params: { id: '42' } });
    expect(matchAppRoute('/edit-business/7/')?.params).toEqual({ id: '7' });
    expect(matchAppRoute('/business/42/extra')).toBeUndefined();
  });

  it("asks for a business page's votes, comments, suggestions and confirmations at once too, each handed over once", async () => {
    const answers: Record<string, unknown> = {
      '/api/businesses/42/votes': { vote_score: 3, upvotes: 3, downvotes: 0, user_vote: null },
      '/api/businesses/42/comments': [{ id: 1, content: 'Lovely bread' }],
      '/api/businesses/42/suggestions': [],
      '/api/businesses/42/confirmations': { confirmed_by: 2, latest_confirmed_at: '2026-11-20T10:00:00.000Z', your_answer: null },
    };
    const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
      Response.json(answers[new URL(String(input), window.location.href).pathname] ?? {}),
    );
    vi.stubGlobal('fetch', fetch);
    window.history.pushState({}, '', '/business/42');
    vi.resetModules();
    try {
      const early = await import('./early');
      const asked = (path: string) => fetch.mock.calls.filter(([input]) => new URL(String(input), window.location.href).pathname === path).length;
      for (const path of Object.keys(answers)) expect(asked(path), path).toBe(1);

      const api = createApiClient({ fetch: early.earlyReadFetch });
      expect(await api.call('getVotes', { id: 42 })).toEqual(answers['/api/businesses/42/votes']);
      // As the directory asks for the first page of comments: the same address as the early read's.
      expect((await api.callPage('listComments', { id: 42, query: { limit: PAGING.commentsPage, cursor: undefined } })).items).toEqual(
        answers['/api/businesses/42/comments'],
      );
      expect(await api.call('listSuggestions', { id: 42 })).toEqual([]);
      expect(await api.call('confirmationSummary', { id: 42 })).toEqual(answers['/api/businesses/42/confirmations']);
      for (const path of Object.keys(answers)) expect(asked(path), path).toBe(1);
      await api.call('getVotes', { id: 42 });
      expect(asked('/api/businesses/42/votes')).toBe(2);
    } finally {
      vi.unstubAllGlobals();
      window.history.pushState({}, '', '/');
    }
  });

  it("asks for a business page's business at once and hands that answer to the app's first read of it, once", async () => {
    const business = { id: 42, name: 'Olive Tree Bakery' };
    const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
      String(input).endsWith('/runtime-config.json')
        ? Response.json({ productName: 'Zaytoon', remotes: { directory: '', admin: '' } })
        : Response.json(business),
    );
    vi.stubGlobal('fetch', fetch);
    window.history.pushState({}, '', '/business/42');
    vi.resetModules();
    try {
      const early = await import('./early');
      const businessUrl = new URL('/api/businesses/42', window.location.href).href;
      const asked = () => fetch.mock.calls.filter(([input]) => new URL(String(input), window.location.href).href === businessUrl);
      expect(asked()).toHaveLength(1);
      expect(asked()[0][1]).toMatchObject({ method: 'GET', credentials: 'include' });

      const api = createApiClient({ fetch: early.earlyReadFetch });
      expect(await api.call('getBusiness', { id: 42 })).toEqual(business);
      expect(asked()).toHaveLength(1);
      // A second read is a fresh one, as is any write.
      expect(await api.call('getBusiness', { id: 42 })).toEqual(business);
      expect(asked()).toHaveLength(2);
    } finally {
      vi.unstubAllGlobals();
      window.history.pushState({}, '', '/');
    }
  });

  it('starts no read on other pages, nor for an id that is not a number', async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL) => Response.json({}));
    vi.stubGlobal('fetch', fetch);
    vi.resetModules();
    try {
      const early = await import('./early');
      for (const path of ['/browse', '/business/abc', '/edit-business/42', '/']) early.startEarlyRead(path);
      expect(fetch.mock.calls.filter(([input]) => String(input).includes('/api/'))).toHaveLength(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
