import { createModuleFederationConfig } from '@module-federation/vite';
// eslint-disable-next-line import-x/no-relative-packages -- Vite's config loader leaves package imports to Node, which cannot load the contract's .ts (docs/decisions/0028-code-conventions.md)
import { SHARED_SINGLETONS } from '../services/contract/src/federation';

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
