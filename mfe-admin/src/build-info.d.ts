/** Replaced at build time (vite `define`, see ../build-info.ts). */
declare const __ADMIN_VERSION__: string;
declare const __ADMIN_BUILD_LABEL__: string;
