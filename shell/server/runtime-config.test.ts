import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_TILES } from '@zaytoon/contract/client';
import { apiProxy, runtimeConfigFromEnv, runtimeConfigPlugin, THEME_COLOUR, webAppManifest } from './runtime-config';

const shellFile = (path: string) => join(dirname(fileURLToPath(import.meta.url)), '..', path);

describe('runtime config', () => {
  it('defaults to the documented URLs', () => {
    expect(runtimeConfigFromEnv({})).toEqual({
      productName: 'Zaytoon',
      remotes: { directory: 'http://localhost:8081/mf-manifest.json', admin: 'http://localhost:8082/mf-manifest.json' },
      mapTiles: DEFAULT_MAP_TILES,
    });
  });

  it('serves the map tiles of MAP_TILE_URL and MAP_TILE_ATTRIBUTION, set together', () => {
    const tiles = {
      MAP_TILE_URL: 'https://tiles.example.net/{z}/{x}/{y}{r}.png',
      MAP_TILE_ATTRIBUTION: '<a href="https://tiles.example.net">Tiles Ltd</a>',
    };
    expect(runtimeConfigFromEnv(tiles).mapTiles).toEqual({ url: tiles.MAP_TILE_URL, attribution: tiles.MAP_TILE_ATTRIBUTION });
    expect(() => runtimeConfigFromEnv({ MAP_TILE_URL: tiles.MAP_TILE_URL })).toThrow('MAP_TILE_URL and MAP_TILE_ATTRIBUTION are set together');
    expect(() => runtimeConfigFromEnv({ MAP_TILE_ATTRIBUTION: 'x' })).toThrow('MAP_TILE_URL and MAP_TILE_ATTRIBUTION are set together');
    expect(() => runtimeConfigFromEnv({ ...tiles, MAP_TILE_URL: 'tiles.example.net/{z}/{x}/{y}.png' })).toThrow(
      /MAP_TILE_URL must be an http\(s\) URL/,
    );
  });

  it('reads the environment', () => {
    expect(
      runtimeConfigFromEnv({
        PRODUCT_NAME: 'Olive',
        DIRECTORY_REMOTE_URL: 'https://d.example/mf-manifest.json',
        ADMIN_PORT: '8182',
      }),
    ).toEqual({
      productName: 'Olive',
      remotes: { directory: 'https://d.example/mf-manifest.json', admin: 'http://localhost:8182/mf-manifest.json' },
      mapTiles: DEFAULT_MAP_TILES,
    });
  });

  it('serves GET /runtime-config.json and passes other requests on', () => {
    const plugin = runtimeConfigPlugin({ PRODUCT_NAME: 'Olive' });
    const handlers: Array<(req: unknown, res: unknown, next: () => void) => void> = [];
    const server = { middlewares: { use: (handler: (typeof handlers)[number]) => handlers.push(handler) } };
    (plugin.configurePreviewServer as unknown as (s: typeof server) => void)(server);
    const res = {
      statusCode: 0,
      headers: {} as Record<string, string>,
      body: '',
      setHeader(k: string, v: string) {
        this.headers[k] = v;
      },
      end(b?: string) {
        this.body = b ?? '';
      },
    };
    let passed = false;
    handlers[0]({ url: '/runtime-config.json?x=1', method: 'GET' }, res, () => (passed = true));
    expect(passed).toBe(false);
    expect(JSON.parse(res.body).productName).toBe('Olive');
    expect(res.headers['Cache-Control']).toBe('no-store');
    handlers[0]({ url: '/manifest.webmanifest', method: 'GET' }, res, () => (passed = true));
    expect(passed).toBe(false);
    expect(res.headers['Content-Type']).toBe('application/manifest+json; charset=utf-8');
    expect(JSON.parse(res.body).name).toBe('Olive');
    handlers[0]({ url: '/api/businesses', method: 'GET' }, res, () => (passed = true));
    expect(passed).toBe(true);
  });

  it("names the installed app after PRODUCT_NAME, with the design tokens' colour and icons the build has", () => {
    const manifest = webAppManifest({ productName: 'Olive' });
    expect(manifest).toMatchObject({ name: 'Olive', short_name: 'Olive', start_url: '/browse', display: 'standalone', theme_color: THEME_COLOUR });
    const tokens = readFileSync(shellFile('../services/web-kit/src/tokens.css'), 'utf8');
    expect(tokens).toContain(`--green-800: ${THEME_COLOUR};`);
    expect(readFileSync(shellFile('index.html'), 'utf8')).toContain(`<meta name="theme-color" content="${THEME_COLOUR}" />`);
    for (const icon of manifest.icons) {
      const file = shellFile(`public${icon.src}`);
      expect(existsSync(file), icon.src).toBe(true);
      const png = readFileSync(file);
      const [width, height] = icon.sizes.split('x').map(Number);
      // A PNG's IHDR: width and height, big-endian, at bytes 16 and 20.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], icon.src).toEqual([width, height]);
    }
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  });

  it('proxies /api and /ops to API_ORIGIN', () => {
    const proxy = apiProxy({ API_ORIGIN: 'http://localhost:3100' });
    expect(Object.keys(proxy)).toEqual(['/api', '/ops']);
    expect(proxy['/api']).toMatchObject({ target: 'http://localhost:3100', changeOrigin: false });
  });
});
