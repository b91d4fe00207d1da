// docker-compose.yml and the Dockerfiles, checked offline (there is no Docker engine here): the shape
// the stack needs, and references between them that would otherwise fail only at `docker compose up`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../dev/config';
import { BUILT_IMAGES } from '../containers/images';

interface ComposeService {
  build?: { context: string; dockerfile: string; target?: string };
  image?: string;
  command?: string[];
  ports?: string[];
  deploy?: { replicas?: number };
  depends_on?: Record<string, { condition: string }>;
}

const compose = parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, ComposeService> };
const services = compose.services;

/** A workspace's TypeScript and JavaScript sources (no dependencies, no builds). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (['node_modules', 'dist', '.turbo', 'coverage', 'test-results'].includes(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

function stages(dockerfile: string): string[] {
  const text = readFileSync(join(repoRoot, dockerfile), 'utf8');
  return [...text.matchAll(/^FROM\s+\S+\s+AS\s+(\S+)/gim)].map((match) => match[1]);
}

describe('docker-compose.yml', () => {
  it('publishes a port for the front door only', () => {
    const published = Object.entries(services)
      .filter(([, service]) => service.ports?.length)
      .map(([name]) => name);
    expect(published).toEqual(['frontdoor']);
  });

  it('runs two replicas of the API and of the worker', () => {
    expect(services.api.deploy?.replicas).toBe(2);
    expect(services.worker.deploy?.replicas).toBe(2);
  });

  it('runs the front door, api, worker, postgres and redis', () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['frontdoor', 'directory', 'admin', 'api', 'worker', 'postgres', 'redis']));
  });

  it('builds every image from a stage its Dockerfile has, and runs no TypeScript at run time', () => {
    for (const [name, service] of Object.entries(services)) {
      if (!service.build) continue;
      expect(stages(service.build.dockerfile), `${name}: target ${service.build.target}`).toContain(service.build.target);
      expect(JSON.stringify(service.command ?? []), name).not.toMatch(/tsx|\.ts\b/);
    }
  });

  it('requires every secret and gives none a default', () => {
    const text = readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8');
    const secrets = ['POSTGRES_PASSWORD', 'SESSION_SECRET', 'JOB_DATA_KEY', 'METRICS_TOKEN', 'SMTP_PASS', 'REDIS_PASSWORD'];
    const uses = [...text.matchAll(/\$\{(\w+)(?::?([-?]))?([^}]*)\}/g)].filter((match) => secrets.includes(match[1]));
    expect(uses.filter(([, , operator, word]) => operator === '-' && word !== '')).toEqual([]);
    const required = new Set(uses.filter(([, , operator]) => operator === '?').map(([, name]) => name));
    expect([...required].sort()).toEqual(['JOB_DATA_KEY', 'METRICS_TOKEN', 'POSTGRES_PASSWORD', 'SESSION_SECRET']);
    expect(uses.filter(([, name, operator]) => required.has(name) && operator !== '?').map(([whole]) => whole)).toEqual([]);
  });

  it('runs only images it builds or pins by digest, and `npm run test:containers` builds every one it builds', () => {
    const tested = new Map(BUILT_IMAGES.map((image) => [image.name, image]));
    for (const [name, service] of Object.entries(services)) {
      if (service.build) {
        expect(tested.get(service.image ?? ''), `${name}: ${service.image}`).toMatchObject({
          dockerfile: service.build.dockerfile,
          target: service.build.target,
        });
      } else if (!tested.has(service.image ?? '')) {
        expect(service.image, name).toMatch(/^\$\{\w+_IMAGE:-docker\.io\/library\/[a-z0-9-]+:[\w.-]+@sha256:[0-9a-f]{64}\}$/);
      }
    }
  });

  it('waits only on services that exist', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const dependency of Object.keys(service.depends_on ?? {}))
        expect(Object.keys(services), `${name} depends on ${dependency}`).toContain(dependency);
    }
  });
});

describe('Dockerfiles', () => {
  it('the API image listens on every interface (the config default is 127.0.0.1)', () => {
    const text = readFileSync(join(repoRoot, 'infra/docker/server.Dockerfile'), 'utf8');
    const apiStage = text.slice(text.search(/^FROM\s+\S+\s+AS\s+api\b/im));
    expect(apiStage).toMatch(/^ENV API_HOST=0\.0\.0\.0$/m);
    const env = (compose as unknown as { 'x-server-env': Record<string, string> })['x-server-env'];
    expect(env?.API_HOST ?? '0.0.0.0').toBe('0.0.0.0');
  });

  it('the server image runs compiled JavaScript with plain node', () => {
    const text = readFileSync(join(repoRoot, 'infra/docker/server.Dockerfile'), 'utf8');
    const commands = [...text.matchAll(/^CMD\s+(.+)$/gm)].map((match) => match[1]);
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) expect(command).not.toMatch(/tsx|\.ts"/);
  });

  it('the front-end images run nginx on the configuration rendered from the environment', () => {
    const text = readFileSync(join(repoRoot, 'infra/docker/frontend.Dockerfile'), 'utf8');
    expect(stages('infra/docker/frontend.Dockerfile')).toEqual(expect.arrayContaining(['frontdoor', 'directory', 'admin']));
    expect(text).not.toMatch(/vite(\.js)?["']?\s+preview/);
    expect(text).toMatch(/node \/app\/container\.js frontdoor && exec nginx/);
  });
});

describe('what the images build', () => {
  const dockerfiles = ['infra/docker/server.Dockerfile', 'infra/docker/frontend.Dockerfile'];
  const read = (path: string) => readFileSync(join(repoRoot, path), 'utf8');

  it('installs with `npm ci` from the lock, never `npm install`', () => {
    for (const dockerfile of dockerfiles) {
      const text = read(dockerfile);
      expect(text, dockerfile).toMatch(/\bnpm ci\b/);
      expect(text.replace(/^#.*$/gm, ''), dockerfile).not.toMatch(/\bnpm (install|i)\b/);
    }
  });

  it('copies from the build context only whole, and derives every workspace path from the root package.json', () => {
    for (const dockerfile of dockerfiles) {
      const copies = [...read(dockerfile).matchAll(/^COPY\s+(?!--from)(.+)$/gm)].map((match) => match[1].trim());
      expect(copies, dockerfile).toEqual(['. .']);
    }
  });

  it('names each base image by a build argument whose default is pinned by digest', () => {
    for (const dockerfile of [...dockerfiles, 'infra/docker/postgres.Dockerfile']) {
      const text = read(dockerfile);
      const stages = [...text.matchAll(/^FROM\s+(\S+)\s+AS\s+(\S+)/gim)].map((match) => ({ from: match[1], name: match[2] }));
      const names = new Set(stages.map((stage) => stage.name));
      const args = Object.fromEntries([...text.matchAll(/^ARG\s+(\w+)=(\S+)$/gm)].map((match) => [match[1], match[2]]));
      for (const { from } of stages) {
        if (names.has(from)) continue;
        const arg = /^\$\{(\w+)\}$/.exec(from)?.[1];
        expect(arg, `${dockerfile}: FROM ${from}`).toBeDefined();
        expect(args[arg!], `${dockerfile}: ARG ${arg}`).toMatch(/^docker\.io\/library\/[a-z0-9-]+:[\w.-]+@sha256:[0-9a-f]{64}$/);
      }
    }
  });

  it('runs Node 24 LTS', () => {
    for (const dockerfile of dockerfiles) expect(read(dockerfile)).toMatch(/^ARG NODE_IMAGE=docker\.io\/library\/node:24-bookworm-slim@/m);
  });
});

describe('infra/docker/workspaces.mjs (the Dockerfiles’ copy lists)', async () => {
  // @ts-expect-error: a plain .mjs script run inside the image build
  const script = (await import('./workspaces')) as {
    closure: (names: string[], rootDir: string) => string[];
    workspaceFolders: (rootDir: string) => Map<string, string>;
  };
  const closure = (names: string[]) => script.closure(names, repoRoot);
  const workspaceFolders = () => script.workspaceFolders(repoRoot);

  it('knows every workspace of the root package.json', () => {
    const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] };
    expect([...workspaceFolders().values()]).toEqual(manifest.workspaces);
  });

  it('the server image gets the servers and what they depend on in production, no front end', () => {
    expect(closure(['@zaytoon/api', '@zaytoon/worker'])).toEqual(['@zaytoon/contract', '@zaytoon/core', '@zaytoon/api', '@zaytoon/worker']);
  });

  it('the front-end images get the shell, both remotes and the workspaces they import (build-kit and web-kit included), no server', () => {
    expect(closure(['@zaytoon/shell', '@zaytoon/mfe-directory', '@zaytoon/mfe-admin'])).toEqual([
      '@zaytoon/contract',
      '@zaytoon/build-kit',
      '@zaytoon/web-kit',
      '@zaytoon/shell',
      '@zaytoon/mfe-directory',
      '@zaytoon/mfe-admin',
    ]);
  });

  it('every workspace a workspace’s code imports is among its dependencies, so the closure cannot miss one', () => {
    const folders = workspaceFolders();
    for (const [name, folder] of folders) {
      const manifest = JSON.parse(readFileSync(join(repoRoot, folder, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
      const declared = new Set(Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }));
      const imported = new Set<string>();
      for (const file of sourceFiles(join(repoRoot, folder)).filter((path) => !/\.test\.|\/(e2e|test|tests|faults|load)\//.test(path)))
        for (const match of readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\b[^'"\n]*?from\s+['"](@zaytoon\/[\w-]+)/gm))
          imported.add(match[1]);
      imported.delete(name);
      expect(
        [...imported].filter((dependency) => !declared.has(dependency)),
        name,
      ).toEqual([]);
    }
  });
});

describe('package-lock.json', () => {
  const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { optionalDependencies?: Record<string, string> }>;
  };

  /** Where node would find `dependency` from the package at `path`: its own node_modules, then each parent's. */
  function locate(path: string, dependency: string): string | undefined {
    for (let base = path; ;) {
      const candidate = `${base ? `${base}/` : ''}node_modules/${dependency}`;
      if (lock.packages[candidate]) return candidate;
      if (!base) return undefined;
      const parent = base.lastIndexOf('/node_modules/');
      base = parent < 0 ? '' : base.slice(0, parent);
    }
  }

  const missing = Object.entries(lock.packages).flatMap(([path, entry]) =>
    Object.keys(entry.optionalDependencies ?? {})
      .filter((dependency) => !locate(path, dependency))
      .map((dependency) => `${path} -> ${dependency}`),
  );

  it('carries every platform’s optional packages (npm ci in an image installs from it alone)', () => {
    expect(missing).toEqual([]);
  });

  it('carries the linux-x64 binaries, glibc and musl, of the native packages the images run', () => {
    for (const name of [
      '@node-rs/argon2-linux-x64-gnu',
      '@node-rs/argon2-linux-x64-musl',
      '@rollup/rollup-linux-x64-gnu',
      '@rollup/rollup-linux-x64-musl',
      '@esbuild/linux-x64',
      'lightningcss-linux-x64-gnu',
      'lightningcss-linux-x64-musl',
      '@img/sharp-linux-x64',
      '@img/sharp-linuxmusl-x64',
      '@msgpackr-extract/msgpackr-extract-linux-x64',
      '@turbo/linux-64',
    ])
      expect(lock.packages[`node_modules/${name}`], name).toBeDefined();
  });
});
