import { createModuleFederationConfig } from '@module-federation/vite';
import { SHARED_SINGLETONS } from '@zaytoon/build-kit';

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
