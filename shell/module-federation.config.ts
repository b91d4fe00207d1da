import { createModuleFederationConfig } from '@module-federation/vite';
import { SHARED_SINGLETONS } from '@zaytoon/build-kit';

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
  shared: SHARED_SINGLETONS,
  // One copy of the federation runtime on the page: the remotes read this one (they are built with externalRuntime).
  experiments: { provideExternalRuntime: true },
});
