/**
 * What the shell and the remotes import from react-router-dom, all of it. The shared router is built
 * with only these exports (module federation's shared tree shaking): the whole package is 65 kB of
 * gzip on every first visit, these are 15 kB. Every build makes the same cut, so whichever container
 * provides the router, it has what the others import. federation.test.ts fails when code imports an
 * export missing here.
 */
export const ROUTER_EXPORTS = [
  'BrowserRouter',
  'Link',
  'MemoryRouter',
  'Navigate',
  'Route',
  'Routes',
  'useLocation',
  'useNavigate',
  'useParams',
  'useSearchParams',
];

/**
 * The libraries the shell and every remote share as one instance (one React, one router, one zustand).
 * Declared once for all three module-federation configs: a remote that disagreed would load a second React.
 * react-router is not shared on its own: nothing imports it but react-router-dom, which carries it inside
 * the one shared router module.
 */
export const SHARED_SINGLETONS = {
  react: { singleton: true },
  'react-dom': { singleton: true },
  'react-router-dom': { singleton: true, treeShaking: { mode: 'runtime-infer' as const, usedExports: ROUTER_EXPORTS } },
  zustand: { singleton: true },
};
