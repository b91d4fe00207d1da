/** This admin build's version (package.json) and optional ADMIN_BUILD_LABEL, fixed at build time. */
export const ADMIN_VERSION: string = __ADMIN_VERSION__;
export const ADMIN_BUILD_LABEL: string = __ADMIN_BUILD_LABEL__;

/** 'Admin panel v0.1.0', or 'Admin panel v0.1.0 (label)' for a labelled build. */
export function versionText(version = ADMIN_VERSION, label = ADMIN_BUILD_LABEL): string {
  return `Admin panel v${version}${label ? ` (${label})` : ''}`;
}
