import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Connect, Plugin } from 'vite';

export const EMBED_HTML = 'embed.html';

const isEmbedPage = (url = '') => ['/embed', '/embed/'].includes(url.split('?')[0]);

/**
 * `/embed` in `npm run dev` and `vite preview`, as the front door serves it in production. The preview
 * serves the embed build's file. The dev server serves the source page with Vite's client only: through Vite's own
 * HTML handling, module federation's plugin would make the embed's script wait for the shell's federation runtime,
 * which this page never starts.
 */
export function embedPagePlugin(): Plugin {
  return {
    name: 'zaytoon-embed-page',
    configureServer(server) {
      server.middlewares.use(((req, res, next) => {
        if (!isEmbedPage(req.url)) return next();
        readFile(join(server.config.root, EMBED_HTML), 'utf8').then((html) => {
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.end(html.replace('</head>', '  <script type="module" src="/@vite/client"></script>\n  </head>'));
        }, next);
      }) satisfies Connect.NextHandleFunction);
    },
    configurePreviewServer(server) {
      server.middlewares.use(((req, _res, next) => {
        if (isEmbedPage(req.url)) req.url = `/${EMBED_HTML}${new URL(req.url!, 'http://embed.invalid').search}`;
        next();
      }) satisfies Connect.NextHandleFunction);
    },
  };
}
