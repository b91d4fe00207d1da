import { describe, expect, it, vi } from 'vitest';
import { remoteFirstFiles, routeOwner, type Manifest } from './early';

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
});
