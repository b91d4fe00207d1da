import { createModuleFederationConfig } from '@module-federation/vite';
import { SHARED_SINGLETONS } from '@zaytoon/build-kit';

/** The directory remote: public and member screens, exposed as one root component. */
export default createModuleFederationConfig({
  name: 'zaytoon_directory',
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
