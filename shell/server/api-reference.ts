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

/** The name of the 'For partners' page beside the reference, under the same folder. */
export const PARTNERS_PAGE = 'partners.html';

// Developer documentation, in English as the reference it stands beside; no script, so the folder's CSP holds as it is.
const PARTNERS = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>For partners</title>
    <link rel="icon" href="/icons/icon.svg" type="image/svg+xml" />
    <style>
      body { font: 16px/1.55 system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #1e293b; }
      code, pre { font-family: ui-monospace, monospace; background: #f1f5f9; border-radius: 4px; }
      code { padding: 0 0.25rem; }
      pre { padding: 0.75rem; overflow-x: auto; }
    </style>
  </head>
  <body data-testid="for-partners">
    <h1>For partners</h1>
    <p>
      Apps may carry the directory's businesses and keep them current, and send in businesses they know of. Every call
      is in the <a href="./">API reference</a> under <strong>partners</strong>; this page says how they fit together.
    </p>
    <h2>Keys</h2>
    <p>
      Ask the admins for an API key: it is shown to them once, and you send it on every call as
      <code>Authorization: Bearer &lt;key&gt;</code>. Each key has its own limit of calls a minute: past it the answer is
      <code>429</code> with <code>Retry-After</code>. An invalid or revoked key answers <code>401</code>.
      <code>GET /api/v1/key</code> tells you your limit and how many calls you have made.
    </p>
    <h2>Keeping in sync: <code>GET /api/v1/changes</code></h2>
    <ol>
      <li>Call it without <code>since</code>: the answer's <code>changes</code> start from the first business.</li>
      <li>Apply each change in order: <code>deleted: false</code> carries the business as it is now (replace yours);
        <code>deleted: true</code> is a tombstone (remove it).</li>
      <li>Store <code>next_cursor</code> once the page is applied, and call again with <code>since=&lt;next_cursor&gt;</code>
        at once while <code>has_more</code> is true, else a minute later.</li>
    </ol>
    <p>
      A page holds up to 500 changes. A cursor never skips or repeats a change, even while many writes commit at once; a
      business changed again comes again, later. Only public fields are sent: a business showing only its area has no
      street and only its postcode district.
    </p>
    <h2>Submitting a business: <code>POST /api/v1/submissions</code></h2>
    <p>
      Send the fields of a new business, as the site's form does; the same checks answer <code>400</code> with each
      field's message. Nothing is listed until an admin approves it; read its outcome with
      <code>GET /api/v1/submissions/{id}</code>. Once approved it also reaches you through the change feed.
    </p>
    <h2>The v1 promise</h2>
    <p>
      Within <code>/api/v1</code>, fields, parameters and kinds of change may be added, never removed, renamed or given
      another meaning: ignore what you do not know, and treat the cursor as opaque. A change you would have to adapt to
      comes as <code>/api/v2</code>, served beside v1 for at least 12 months and announced here first.
    </p>
  </body>
</html>
`;

function referenceFiles(): Record<string, { type: string; body: () => string }> {
  return {
    'index.html': { type: 'text/html; charset=utf-8', body: () => PAGE },
    [PARTNERS_PAGE]: { type: 'text/html; charset=utf-8', body: () => PARTNERS },
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
