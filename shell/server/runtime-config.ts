import type { Plugin, ProxyOptions } from 'vite';

export interface ShellRuntimeConfig {
  productName: string;
  remotes: { directory: string; admin: string };
}

type Env = Record<string, string | undefined>;

/** Read once when the server starts: never baked into the build. */
export function runtimeConfigFromEnv(env: Env = process.env): ShellRuntimeConfig {
  const directoryPort = env.DIRECTORY_PORT || '8081';
  const adminPort = env.ADMIN_PORT || '8082';
  return {
    productName: env.PRODUCT_NAME || 'Zaytoon',
    remotes: {
      directory: env.DIRECTORY_REMOTE_URL || `http://localhost:${directoryPort}/mf-manifest.json`,
      admin: env.ADMIN_REMOTE_URL || `http://localhost:${adminPort}/mf-manifest.json`,
    },
  };
}

/** `/api` and `/ops` go to the API gateway; Host and cookies pass through unchanged. */
export function apiProxy(env: Env = process.env): Record<string, ProxyOptions> {
  const target = env.API_ORIGIN || 'http://localhost:3000';
  const options: ProxyOptions = { target, changeOrigin: false, xfwd: true, ws: false };
  return { '/api': { ...options }, '/ops': { ...options } };
}

type Next = (error?: unknown) => void;
type Req = { url?: string; method?: string };
type Res = { statusCode: number; setHeader(name: string, value: string): void; end(body?: string): void };

/** Answers GET /runtime-config.json from the environment, in dev and in preview. */
export function runtimeConfigPlugin(env: Env = process.env): Plugin {
  const middleware = (config: ShellRuntimeConfig) => (req: Req, res: Res, next: Next) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/runtime-config.json' || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end(req.method === 'HEAD' ? undefined : JSON.stringify(config));
  };
  return {
    name: 'zaytoon-runtime-config',
    configureServer(server) {
      server.middlewares.use(middleware(runtimeConfigFromEnv(env)));
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware(runtimeConfigFromEnv(env)));
    },
  };
}
