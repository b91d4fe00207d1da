import type { Plugin } from 'vite';

const HELPERS_MODULE = 'zaytoon:mf-shared-cache-helpers';
const RESOLVED_HELPERS_MODULE = `\0${HELPERS_MODULE}`;
/** The first and last statements of @module-federation/vite's shared-cache helper block (its `sharedCacheHelperCode`). */
const HELPERS_BLOCK = /const __mfGetSharedCacheDescriptor = \([\s\S]*?byConsumer\[consumer\] = value;\s*return value;\s*\};/;
const HELPER_NAME = /^\s*const (__mf\w+) =/gm;

/**
 * @module-federation/vite writes the same block of shared-cache helpers (about 2 kB) into every shared-module loader
 * and entry it generates: the shell's first load carried six copies, each gzipped in its own file. The helpers keep
 * their state on globalThis under `Symbol.for` keys and define nothing else, so one module exporting them behaves
 * the same; this plugin puts the block in that module and has each generated module import it. The plugin itself
 * already does so for loaders with no local fallback (its `loadShareHelpers` module). A build in which the block is
 * never found, or differs between modules, stops: a new plugin version needs this looked at again.
 */
export function sharedCacheHelpersOnce(): Plugin {
  let helpers: { code: string; names: string[] } | undefined;
  return {
    name: 'zaytoon:shared-cache-helpers-once',
    enforce: 'post',
    apply: 'build',
    resolveId(id) {
      return id === HELPERS_MODULE ? RESOLVED_HELPERS_MODULE : null;
    },
    load(id) {
      if (id !== RESOLVED_HELPERS_MODULE) return null;
      if (!helpers) throw new Error('shared-cache-helpers-once: the helpers module was asked for before any module had the block');
      return `${helpers.code}\nexport { ${helpers.names.join(', ')} };`;
    },
    transform(code, id) {
      if (id === RESOLVED_HELPERS_MODULE || !code.includes('const __mfGetSharedCacheDescriptor = (')) return null;
      const block = HELPERS_BLOCK.exec(code)?.[0];
      if (!block) throw new Error(`shared-cache-helpers-once: ${id} starts the helper block but its end was not found`);
      if (helpers && helpers.code !== block) throw new Error(`shared-cache-helpers-once: ${id} has a different helper block`);
      helpers ??= { code: block, names: [...block.matchAll(HELPER_NAME)].map((match) => match[1]) };
      const rest = code.replace(block, '');
      const used = helpers.names.filter((name) => rest.includes(name));
      return { code: `import { ${used.join(', ')} } from ${JSON.stringify(HELPERS_MODULE)};\n${rest}`, map: null };
    },
    buildEnd(error) {
      if (!error && !helpers)
        throw new Error('shared-cache-helpers-once: no module had the shared-cache helper block (a new @module-federation/vite?)');
    },
  };
}
