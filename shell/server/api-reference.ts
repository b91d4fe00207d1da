import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Where the front door serves the rendered API reference: the shell's build, under this folder. */
export const API_REFERENCE_PATH = '/api-reference/';

/**
 * Redoc's standalone bundle, as the Redocly CLI the contract already uses for its OpenAPI checks ships it (the same
 * Redoc its `build-docs` inlines): no CDN, and no second copy of Redoc's dependencies in the lockfile (docs/decisions/0024-open-data.md).
 */
function redocBundle(): string {
  const cli = dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json'));
  return readFileSync(join(cli, 'lib/chunks/redoc.standalone.js'), 'utf8').replace(REDOCLY_LOGO, REDOCLY_WORDMARK);
}

// Redoc's 'API docs by Redocly' badge loads its logo from Redocly's CDN, which the page's CSP (and an offline
// machine) refuses: the badge keeps its link and shows the name, drawn here.
const REDOCLY_LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg/g;
const REDOCLY_WORDMARK = `data:image/svg+xml,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' width='64' height='16'><text x='0' y='12' font-family='sans-serif' font-size='12'>Redocly</text></svg>",
)}`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference</title>
    <link rel="icon" href="/icons/icon.svg" type="image/svg+xml" />
  </head>
  <body>
    <div id="redoc" data-testid="api-reference"></div>
    <script type="module" src="./api-reference.js"></script>
  </body>
</html>
`;

// A file of its own rather than an inline script: the page's CSP allows scripts from the origin only.
const START = `import { init } from './redoc.standalone.js';
init('/api/openapi.json', { disableTelemetry: true, hideDownloadButtons: false }, document.getElementById('redoc'));
`;

function referenceFiles(): Record<string, { type: string; body: () => string }> {
  return {
    'index.html': { type: 'text/html; charset=utf-8', body: () => PAGE },
    'api-reference.js': { type: 'text/javascript; charset=utf-8', body: () => START },
    'redoc.standalone.js': { type: 'text/javascript; charset=utf-8', body: redocBundle },
  };
}

type Next = (error?: unknown) => void;
type Req = { url?: string };
type Res = { statusCode: number; setHeader(name: string, value: string): void; end(body?: string): void };

/** Writes the reference's page, its start script and Redoc into the build; serves them in dev and preview. */
export function apiReferencePlugin(): Plugin {
  const files = referenceFiles();
  const middleware = (req: Req, res: Res, next: Next) => {
    const path = (req.url ?? '').split('?')[0];
    if (!path.startsWith(API_REFERENCE_PATH)) return next();
    const file = files[path.slice(API_REFERENCE_PATH.length) || 'index.html'];
    if (!file) return next();
    res.statusCode = 200;
    res.setHeader('Content-Type', file.type);
    res.end(file.body());
  };
  return {
    name: 'zaytoon-api-reference',
    configureServer: (server) => void server.middlewares.use(middleware),
    configurePreviewServer: (server) => void server.middlewares.use(middleware),
    // Written beside the bundle, not emitted into it: the federation's plugins rewrite every HTML asset into the shell's page.
    writeBundle(options) {
      const folder = join(options.dir!, API_REFERENCE_PATH);
      mkdirSync(folder, { recursive: true });
      for (const [name, file] of Object.entries(files)) {
        const body = file.body();
        writeFileSync(join(folder, name), body);
        // nginx's gzip_static sends this instead of compressing Redoc's 2 MB on every request.
        writeFileSync(join(folder, `${name}.gz`), gzipSync(body, { level: 9 }));
      }
    },
  };
}
