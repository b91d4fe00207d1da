import { createModuleFederationConfig } from '@module-federation/vite';

/** The directory remote: public and member screens, exposed as one root component. */
export default createModuleFederationConfig({
  name: 'zaytoon_directory',
  filename: 'remoteEntry.js',
  exposes: {
    './App': './src/RemoteRoot.tsx',
  },
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
