/**
 * What the shell and the remotes import from react-router-dom, all of it (tests aside: they run without
 * federation). The shared router is built
 * with only these exports (module federation's shared tree shaking): the whole package is 65 kB of
 * gzip on every first visit, these are 15 kB. Every build makes the same cut, so whichever container
 * provides the router, it has what the others import. federation.test.ts fails when code imports an
 * export missing here.
 */
export const ROUTER_EXPORTS = [
  'BrowserRouter',
  'Link',
  'Navigate',
  'Route',
  'Routes',
  'matchPath',
  'useLocation',
  'useNavigate',
  'useParams',
  'useSearchParams',
];

/**
 * The libraries the shell and every remote share as one instance (one React, one router).
 * Declared once for all three module-federation configs: a remote that disagreed would load a second React.
 * react-router is not shared on its own: nothing imports it but react-router-dom, which carries it inside
 * the one shared router module. zustand is not shared: it keeps no state of its own (the session is a store
 * object the shell hands over, which any copy's useStore reads through the shared React), and sharing it
 * cost 3 kB of federation code on every first visit for 0.5 kB of library.
 */
export const SHARED_SINGLETONS = {
  react: { singleton: true },
  'react-dom': { singleton: true },
  'react-router-dom': { singleton: true, treeShaking: { mode: 'runtime-infer' as const, usedExports: ROUTER_EXPORTS } },
};
