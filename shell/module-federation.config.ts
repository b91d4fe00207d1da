import { createModuleFederationConfig } from '@module-federation/vite';

/**
 * The shell is a pure host. Remotes are NOT listed here: their URLs come from
 * /runtime-config.json at run time and are registered with `registerRemotes`
 * (see src/remotes/federation.ts), so one build runs against any deployment.
 */
export default createModuleFederationConfig({
  name: 'zaytoon_shell',
  remotes: {},
  dts: false,
  manifest: true,
  shared: {
    react: { singleton: true },
    'react-dom': { singleton: true },
    'react-router-dom': { singleton: true },
    'react-router': { singleton: true },
    zustand: { singleton: true },
  },
});
