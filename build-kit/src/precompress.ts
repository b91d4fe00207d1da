/**
 * Options for vite-plugin-compression2, the same for the shell and both remotes: every text asset
 * worth it gets a .br and a .gz beside it, made once at build time at the highest levels, and the
 * front door serves them as they are (brotli_static / gzip_static). Originals stay for clients
 * that accept neither. Plain data, so this package needs no build tooling of its own.
 */
export const PRECOMPRESS_OPTIONS = {
  include: /\.(js|mjs|css|html|json|svg)$/,
  // Under about a kilobyte the headers outweigh what compression saves.
  threshold: 1024,
  algorithms: ['brotliCompress', 'gzip'] as Array<'brotliCompress' | 'gzip'>,
  deleteOriginalAssets: false,
  skipIfLargerOrEqual: true,
  logLevel: 'silent' as const,
};
