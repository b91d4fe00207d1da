/** This admin build's version (package.json) and optional ADMIN_BUILD_LABEL, fixed at build time. */
export const ADMIN_VERSION: string = __ADMIN_VERSION__;
export const ADMIN_BUILD_LABEL: string = __ADMIN_BUILD_LABEL__;

/** '0.1.0', or '0.1.0 (label)' for a labelled build: the panel's footer says it as 'Admin panel v…' in its language. */
export function versionLabel(version = ADMIN_VERSION, label = ADMIN_BUILD_LABEL): string {
  return `${version}${label ? ` (${label})` : ''}`;
}
