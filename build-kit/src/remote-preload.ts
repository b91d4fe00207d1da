/**
 * The format a remote publishes for its hosts (`remotePreloads` builds it, the shell's early script reads it): no imports,
 * so a host's browser code can import it.
 */
/** Published beside a remote's mf-manifest.json: a host page reads it to start the remote's downloads early. */
export const REMOTE_PRELOAD_FILE = 'preload.json';

/** A screen a page may open on (the contract's app-route screen id): the module that shows it, and its first API reads. */
export interface ScreenPreload {
  /** The screen's module, from the remote's root (`src/screens/X/XScreen.tsx`). */
  module: string;
  /** Same-origin API URLs the screen reads first, their `{param}`s the app route's params. */
  reads: string[];
}

/** What `preload.json` holds: file paths relative to it. */
export interface RemotePreload {
  /** The remote's entry and its root module, with every file they import statically. */
  files: string[];
  /** Per opening screen: its files beyond `files`, and its first reads. */
  screens: Record<string, { files: string[]; reads: string[] }>;
}
