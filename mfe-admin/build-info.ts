import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * What this build of the admin remote calls itself: the package version (released on its own,
 * independent of the shell) and an optional label from ADMIN_BUILD_LABEL (e.g. a commit or a
 * release-test marker). Injected into the bundle with vite `define` and written to version.json.
 */
export interface AdminBuildInfo {
  name: string;
  version: string;
  label: string;
}

export function adminBuildInfo(env: Record<string, string | undefined> = process.env): AdminBuildInfo {
  const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version, label: (env.ADMIN_BUILD_LABEL ?? '').trim() };
}

/** `define` entries: the identifiers declared in src/build-info.d.ts. */
export function adminBuildDefines(info: AdminBuildInfo): Record<string, string> {
  return {
    __ADMIN_VERSION__: JSON.stringify(info.version),
    __ADMIN_BUILD_LABEL__: JSON.stringify(info.label),
  };
}

/** Adds version.json next to mf-manifest.json, so operators can see which admin build is live. */
export function versionFilePlugin(info: AdminBuildInfo): Plugin {
  return {
    name: 'zaytoon-admin-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: JSON.stringify({ ...info, builtAt: new Date().toISOString() }, null, 2) + '\n',
      });
    },
  };
}
