/** `@zaytoon/contract/federation`: build settings the shell and both remotes share (their vite and module-federation configs). */
export * from './precompress';
export * from './shared-singletons';
export * from './injected-css-modules';
export * from './compiled-catalogs';
export * from './catalog-text';
export * from './constant-modules';
export * from './production-react-router';
export * from './runtime-version-only';
export * from './shared-cache-helpers-once';
export * from './no-federation-debug-read';
