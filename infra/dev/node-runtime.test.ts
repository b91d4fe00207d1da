// package.json's engines tell the truth: every dependency installed on this platform supports the lowest Node they
// accept and the LTS that infra/dev/node-runtime.mjs fetches, so installs print no EBADENGINE.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './config';

interface LockEntry {
  engines?: { node?: string };
  os?: string[];
  cpu?: string[];
  optional?: boolean;
}
const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { engines: { node: string }; config: { nodeLts: string } };
const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };

/** npm's own reading of `os`/`cpu`: a list of allowed values, or of `!excluded` ones. */
function allows(list: string[] | undefined, value: string): boolean {
  if (!list?.length) return true;
  if (list.includes(`!${value}`)) return false;
  return list.some((entry) => !entry.startsWith('!')) ? list.includes(value) : true;
}

const installedHere = Object.entries(lock.packages).filter(
  ([path, entry]) => path && allows(entry.os, 'linux') && allows(entry.cpu, 'x64') && entry.engines?.node,
);

describe('engines', () => {
  const lowest = semver.minVersion(manifest.engines.node)!.version;

  it.each([
    ['the lowest Node package.json accepts', lowest],
    ['the LTS that npm start and npm test fetch on an older Node (config.nodeLts)', manifest.config.nodeLts],
  ])('every installed dependency supports %s', (_, version) => {
    const refusing = installedHere
      .filter(([, entry]) => !semver.satisfies(version, entry.engines!.node!, { includePrerelease: true }))
      .map(([path, entry]) => `${path} (${entry.engines!.node})`);
    expect(refusing).toEqual([]);
  });

  it('does not claim an older Node than the dependencies need', () => {
    const previousMajor = `${semver.major(lowest) - 1}.99.0`;
    expect(installedHere.some(([, entry]) => !semver.satisfies(previousMajor, entry.engines!.node!))).toBe(true);
  });

  it('the images run the same LTS major', () => {
    for (const dockerfile of ['infra/docker/server.Dockerfile', 'infra/docker/frontend.Dockerfile'])
      expect(readFileSync(join(repoRoot, dockerfile), 'utf8')).toContain(`node:${semver.major(manifest.config.nodeLts)}-bookworm-slim@`);
  });
});

describe('infra/dev/node-runtime.mjs', async () => {
  // @ts-expect-error: plain JavaScript that runs before node_modules exists
  const { newEnough } = (await import('./node-runtime')) as { newEnough: (version: string, engines: string) => boolean };

  it('runs the machine’s Node only when engines.node accepts it', () => {
    expect(newEnough('20.20.2', '>=22.13')).toBe(false);
    expect(newEnough('22.12.9', '>=22.13')).toBe(false);
    expect(newEnough('22.13.0', '>=22.13')).toBe(true);
    expect(newEnough('24.22.3', '>=22.13')).toBe(true);
    expect(newEnough('23.0.0', '>=22.13')).toBe(true);
  });
});
