import type { Plugin } from 'vite';

const RUNTIME_PACKAGE_FILE = /\/node_modules\/@module-federation\/runtime\/package\.json$/;

/**
 * The shell hands its federation runtime to the remotes (`provideExternalRuntime`) through @module-federation/vite's
 * runtime plugin, which imports `@module-federation/runtime/package.json` for its `version` alone: the bundler keeps
 * the whole file (exports map, scripts, repository) in the first load. A build reads only its name and version.
 */
export function runtimeVersionOnly(): Plugin {
  return {
    name: 'zaytoon:runtime-version-only',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!RUNTIME_PACKAGE_FILE.test(id.split('?')[0])) return null;
      const { name, version } = JSON.parse(code) as { name: string; version: string };
      return { code: JSON.stringify({ name, version }), map: null };
    },
  };
}
