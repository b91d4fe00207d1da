/**
 * `@zaytoon/build-kit`: the build settings the shell and both remotes share (their vite, vitest and module-federation
 * configs). Plain TypeScript that Node runs by stripping its types: a vite config is bundled by Vite, which leaves
 * package imports to Node.
 */
export * from './precompress.ts';
export * from './shared-singletons.ts';
export * from './injected-css-modules.ts';
export * from './compiled-catalogs.ts';
export * from './catalog-text.ts';
export * from './contract-side-effects.ts';
export * from './production-react-router.ts';
export * from './remote-preloads.ts';
export * from './remote-preload.ts';
export * from './third-party-licenses.ts';
