import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { sharedCacheHelpersOnce } from './shared-cache-helpers-once';

/** The shape of @module-federation/vite's helper block: its first and last helpers, and one between. */
const block = (body = 'return cache[descriptor.canonical];') => `const __mfGetSharedCacheDescriptor = (pkg, singleton, version, scope) => {
            return { canonical: scope + ":" + pkg };
          };
          const __mfReadSharedCache = (cache, descriptor) => {
            ${body}
          };
          const __mfWriteTreeShakingSharedSelection = (cache, descriptor, consumer, value) => {
            const byConsumer = (cache[descriptor.canonical] ||= Object.create(null));
            byConsumer[consumer] = value;
            return value;
          };`;

const loader = (helpers: string) => `import * as local from "react";
    ${helpers}
    const exportModule = __mfReadSharedCache(globalThis.cache, __mfGetSharedCacheDescriptor("react", true));
    export default exportModule;`;

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const call = (plugin: Plugin, hook: 'transform' | 'resolveId' | 'load' | 'buildEnd', ...args: unknown[]) => (plugin[hook] as Hook).call({}, ...args);

describe('sharedCacheHelpersOnce', () => {
  it('moves the helper block out of each generated module into one module they import', () => {
    const plugin = sharedCacheHelpersOnce();
    const first = call(plugin, 'transform', loader(block()), '\0virtual:mf:react-loadShare') as { code: string };
    const second = call(plugin, 'transform', loader(block()), '\0virtual:mf:react-dom-loadShare') as { code: string };

    for (const { code } of [first, second]) {
      expect(code).not.toContain('const __mfReadSharedCache =');
      expect(code).toMatch(/^import \{ __mfGetSharedCacheDescriptor, __mfReadSharedCache \} from "zaytoon:mf-shared-cache-helpers";/);
      expect(code).toContain('__mfReadSharedCache(globalThis.cache');
    }
    const resolved = call(plugin, 'resolveId', 'zaytoon:mf-shared-cache-helpers') as string;
    const helpers = call(plugin, 'load', resolved) as string;
    expect(helpers).toContain(block());
    expect(helpers).toContain('export { __mfGetSharedCacheDescriptor, __mfReadSharedCache, __mfWriteTreeShakingSharedSelection };');
  });

  it('leaves modules without the block alone', () => {
    expect(call(sharedCacheHelpersOnce(), 'transform', 'export const a = 1;', '/src/a.ts')).toBeNull();
  });

  it('stops the build when two modules carry different blocks, or when no module has one (a new plugin version)', () => {
    const plugin = sharedCacheHelpersOnce();
    call(plugin, 'transform', loader(block()), 'one');
    expect(() => call(plugin, 'transform', loader(block('return undefined;')), 'two')).toThrow(/different helper block/);
    expect(() => call(sharedCacheHelpersOnce(), 'buildEnd')).toThrow(/no module had the shared-cache helper block/);
    expect(() => call(plugin, 'buildEnd')).not.toThrow();
  });
});
