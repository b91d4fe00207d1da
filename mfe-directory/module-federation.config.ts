import { createModuleFederationConfig } from '@module-federation/vite';
// eslint-disable-next-line import-x/no-relative-packages -- Vite's config loader leaves package imports to Node, which cannot load the contract's .ts (docs/decisions/0028-code-conventions.md)
import { SHARED_SINGLETONS } from '../services/contract/src/federation';

/** The directory remote: public and member screens, exposed as one root component. */
export default createModuleFederationConfig({
  name: 'zaytoon_directory',
  filename: 'remoteEntry.js',
  exposes: {
    './App': './src/RemoteRoot.tsx',
    // Not for hosts to import: listed so that the manifest names this screen's files, which the shell's
    // early script downloads beside the remote's first ones when a business page opens.
    './screen/business-detail': './src/screens/BusinessDetail/BusinessDetailScreen.tsx',
  },
  dts: false,
  manifest: true,
  shared: SHARED_SINGLETONS,
  // The shell provides the federation runtime (provideExternalRuntime): no second copy per remote.
  experiments: { externalRuntime: true },
});
