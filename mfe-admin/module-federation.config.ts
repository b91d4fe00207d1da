import { createModuleFederationConfig } from '@module-federation/vite';

/** The admin remote: the admin panel, released on its own. */
export default createModuleFederationConfig({
  name: 'zaytoon_admin',
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
