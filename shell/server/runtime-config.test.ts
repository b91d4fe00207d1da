import { describe, expect, it } from 'vitest';
import { apiProxy, runtimeConfigFromEnv, runtimeConfigPlugin } from './runtime-config';

describe('runtime config', () => {
  it('defaults to the documented URLs', () => {
    expect(runtimeConfigFromEnv({})).toEqual({
      productName: 'Zaytoon',
      remotes: { directory: 'http://localhost:8081/mf-manifest.json', admin: 'http://localhost:8082/mf-manifest.json' },
    });
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
    handlers[0]({ url: '/api/businesses', method: 'GET' }, res, () => (passed = true));
    expect(passed).toBe(true);
  });

  it('proxies /api and /ops to API_ORIGIN', () => {
    const proxy = apiProxy({ API_ORIGIN: 'http://localhost:3100' });
    expect(Object.keys(proxy)).toEqual(['/api', '/ops']);
    expect(proxy['/api']).toMatchObject({ target: 'http://localhost:3100', changeOrigin: false });
  });
});
