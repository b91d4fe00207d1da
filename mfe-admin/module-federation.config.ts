import { createModuleFederationConfig } from '@module-federation/vite';
// eslint-disable-next-line import-x/no-relative-packages -- Vite's config loader leaves package imports to Node, which cannot load the contract's .ts (docs/decisions/0028-code-conventions.md)
import { SHARED_SINGLETONS } from '../services/contract/src/federation';

/** The admin remote: the admin panel, released on its own. */
export default createModuleFederationConfig({
  name: 'zaytoon_admin',
  filename: 'remoteEntry.js',
  exposes: {
    './App': './src/RemoteRoot.tsx',
  },
  dts: false,
  manifest: true,
  shared: SHARED_SINGLETONS,
  // The shell provides the federation runtime (provideExternalRuntime): no second copy per remote.
  experiments: { externalRuntime: true },
});
