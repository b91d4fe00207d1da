import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { REMOTE_PRELOAD_FILE, type RemotePreload, type ScreenPreload } from './remote-preload.ts';

export interface RemotePreloadOptions {
  /** The remote's entry file (its module-federation `filename`). */
  entry: string;
  /** The modules every page of the remote runs first (what it exposes as its root, and what that loads at once), from the remote's root. */
  rootModules: string[];
  screens?: Record<string, ScreenPreload>;
}

/**
 * A remote's `preload.json`, made from this build's own chunk graph: a host learns what to fetch early from the
 * remote itself, and never reads the manifest's layout or knows the remote's API calls.
 */
export function remotePreloads({ entry, rootModules, screens = {} }: RemotePreloadOptions): Plugin {
  let root = '';
  return {
    name: 'zaytoon:remote-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
      const withImports = (start: Rolldown.OutputChunk[]): string[] => {
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
        };
        start.forEach((chunk) => visit(chunk.fileName));
        return [...seen];
      };
      const chunkOf = (module: string) => {
        const chunk = chunks.find((candidate) => candidate.facadeModuleId === path.join(root, module));
        if (!chunk) throw new Error(`${REMOTE_PRELOAD_FILE}: no chunk is built from ${module}`);
        return chunk;
      };
      const entryChunk = chunks.find((chunk) => chunk.fileName === entry);
      if (!entryChunk) throw new Error(`${REMOTE_PRELOAD_FILE}: no ${entry} in the build`);
      const files = withImports([entryChunk, ...rootModules.map(chunkOf)]);
      const published: RemotePreload = {
        files,
        screens: Object.fromEntries(
          Object.entries(screens).map(([screen, { module, reads }]) => [
            screen,
            { files: withImports([chunkOf(module)]).filter((file) => !files.includes(file)), reads },
          ]),
        ),
      };
      this.emitFile({ type: 'asset', fileName: REMOTE_PRELOAD_FILE, source: JSON.stringify(published) });
    },
  };
}
