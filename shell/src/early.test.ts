import { describe, expect, it, vi } from 'vitest';
import type { RemotePreload } from '@zaytoon/build-kit/remote-preload';
import { createApiClient, matchAppRoute } from '@zaytoon/contract/client';
import { remotePreloadsFor } from './early';

const routeOwner = (path: string) => matchAppRoute(path)?.route.owner;

const MANIFEST_URL = 'http://d.test/remotes/directory/mf-manifest.json';
const PRELOAD_URL = 'http://d.test/remotes/directory/preload.json';
const manifest = { name: 'zaytoon_directory', metaData: {}, exposes: [] };
const preload: RemotePreload = {
  files: ['remoteEntry.js', 'assets/RemoteRoot-1.js', 'assets/list-2.js'],
  screens: {
    'business-detail': {
      files: ['assets/BusinessDetailScreen-3.js', 'assets/list-2.js'],
      reads: ['/api/businesses/{id}', '/api/businesses/{id}/votes', '/api/businesses/{id}/comments?limit=20', '/api/businesses/{id}/confirmations'],
    },
  },
};

/** A page's fetch: the runtime config, the remote's manifest and preload list, and the API's answers by path. */
function stubFetch(answers: Record<string, unknown> = {}) {
  const fetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(String(input), window.location.href);
    if (url.pathname === '/runtime-config.json') return Response.json({ productName: 'Zaytoon', remotes: { directory: MANIFEST_URL, admin: '' } });
    if (url.href === MANIFEST_URL) return Response.json(manifest);
    if (url.href === PRELOAD_URL) return Response.json(preload);
    return Response.json(answers[url.pathname] ?? {});
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** Runs the early script as a page opening on `path` does. */
async function openPage(path: string) {
  window.history.pushState({}, '', path);
  vi.resetModules();
  return import('./early');
}

function cleanUp() {
  vi.unstubAllGlobals();
  window.history.pushState({}, '', '/');
  document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
}

const preloaded = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.href);

describe('the early script', () => {
  it('knows which app owns a path, params included', () => {
    expect(routeOwner('/browse')).toBe('directory');
    expect(routeOwner('/business/42')).toBe('directory');
    expect(routeOwner('/')).toBe('shell');
    expect(routeOwner('/admin')).toBe('admin');
    expect(routeOwner('/no/such/page')).toBeUndefined();
  });

  it("reads a route's params", () => {
    expect(matchAppRoute('/business/42')).toMatchObject({ route: { screen: 'business-detail' }, params: { id: '42' } });
    expect(matchAppRoute('/edit-business/7/')?.params).toEqual({ id: '7' });
    expect(matchAppRoute('/business/42/extra')).toBeUndefined();
  });

  it("takes what the remote publishes: its first files, and the opening screen's files and reads, beside the list", () => {
    const url = new URL(PRELOAD_URL);
    expect(remotePreloadsFor(preload, url, 'directory')).toEqual({
      files: [
        'http://d.test/remotes/directory/remoteEntry.js',
        'http://d.test/remotes/directory/assets/RemoteRoot-1.js',
        'http://d.test/remotes/directory/assets/list-2.js',
      ],
      reads: [],
    });
    const business = remotePreloadsFor(preload, url, 'business-detail', { id: '4 2' });
    expect(business.files).toEqual([
      ...remotePreloadsFor(preload, url, 'directory').files,
      'http://d.test/remotes/directory/assets/BusinessDetailScreen-3.js',
    ]);
    expect(business.reads[0]).toBe(new URL('/api/businesses/4%202', window.location.href).href);
    expect(business.reads).toHaveLength(4);
    // A read whose param the route does not give is left out.
    expect(remotePreloadsFor(preload, url, 'business-detail', {}).reads).toEqual([]);
  });

  it("preloads the remote's published files and hands its download of the manifest to the federation runtime once", async () => {
    const fetch = stubFetch();
    try {
      const early = await openPage('/browse');
      await vi.waitFor(() => expect(preloaded()).toHaveLength(3));
      expect(preloaded()).toEqual(remotePreloadsFor(preload, new URL(PRELOAD_URL), 'directory').files);
      expect(early.takeEarlyManifest('http://other.test/mf-manifest.json')).toBeUndefined();
      const handed = await early.takeEarlyManifest(MANIFEST_URL);
      expect(await handed?.json()).toEqual(manifest);
      expect(early.takeEarlyManifest(MANIFEST_URL)).toBeUndefined();
      expect(fetch.mock.calls.filter(([input]) => String(input) === MANIFEST_URL)).toHaveLength(1);
      expect(fetch.mock.calls.filter(([input]) => new URL(String(input), window.location.href).pathname.startsWith('/api/'))).toEqual([]);
    } finally {
      cleanUp();
    }
  });

  it("starts a business page's published reads at once, and hands each answer to the app's first read of it, once", async () => {
    const answers: Record<string, unknown> = {
      '/api/businesses/42': { id: 42, name: 'Olive Tree Bakery' },
      '/api/businesses/42/votes': { vote_score: 3, upvotes: 3, downvotes: 0, user_vote: null },
      '/api/businesses/42/comments': [{ id: 1, content: 'Lovely bread' }],
      '/api/businesses/42/confirmations': { confirmed_by: 2, latest_confirmed_at: '2026-11-20T10:00:00.000Z', your_answer: null },
    };
    const fetch = stubFetch(answers);
    const asked = (path: string) => fetch.mock.calls.filter(([input]) => new URL(String(input), window.location.href).pathname === path);
    try {
      const early = await openPage('/business/42');
      await vi.waitFor(() => expect(asked('/api/businesses/42/confirmations')).toHaveLength(1));
      for (const path of Object.keys(answers)) expect(asked(path), path).toHaveLength(1);
      expect(asked('/api/businesses/42')[0][1]).toMatchObject({ method: 'GET', credentials: 'include' });
      await vi.waitFor(() => expect(preloaded()).toContain('http://d.test/remotes/directory/assets/BusinessDetailScreen-3.js'));

      const api = createApiClient({ fetch: early.earlyReadFetch });
      expect(await api.call('getBusiness', { id: 42 })).toEqual(answers['/api/businesses/42']);
      expect(await api.call('getVotes', { id: 42 })).toEqual(answers['/api/businesses/42/votes']);
      expect(await api.call('confirmationSummary', { id: 42 })).toEqual(answers['/api/businesses/42/confirmations']);
      for (const path of Object.keys(answers)) expect(asked(path), path).toHaveLength(1);
      // A second read is a fresh one.
      await api.call('getVotes', { id: 42 });
      expect(asked('/api/businesses/42/votes')).toHaveLength(2);
    } finally {
      cleanUp();
    }
  });

  it("fetches nothing on the shell's own pages, nor on an admin page (the session decides whether its code loads)", async () => {
    const fetch = stubFetch();
    try {
      // The script decides as it loads: a page it serves a head start has asked for the runtime config by now.
      await openPage('/');
      await openPage('/admin');
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      cleanUp();
    }
  });
});
