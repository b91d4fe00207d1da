import type { Connect, Plugin } from 'vite';

/**
 * `/embed` in `npm run dev` and `vite preview`: the embed's page (embed.html, issue #16), as the front door serves it in
 * production. The dev server compiles it from source; the preview serves the embed build's file.
 */
export function embedPagePlugin(): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    const [path, query] = (req.url ?? '').split(/\?(.*)/s);
    if (path === '/embed' || path === '/embed/') req.url = `/embed.html${query ? `?${query}` : ''}`;
    next();
  };
  return {
    name: 'zaytoon-embed-page',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}
