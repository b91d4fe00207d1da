/**
 * The libraries the shell and every remote share as one instance (one React, one router, one zustand).
 * Declared once for all three module-federation configs: a remote that disagreed would load a second React.
 */
export const SHARED_SINGLETONS = {
  react: { singleton: true },
  'react-dom': { singleton: true },
  'react-router-dom': { singleton: true },
  'react-router': { singleton: true },
  zustand: { singleton: true },
} as const;
