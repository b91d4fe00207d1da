// docker-compose.yml and the Dockerfiles, checked offline (there is no Docker engine here): the shape
// issue #10 asks for, and references between them that would otherwise fail only at `docker compose up`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../dev/config';

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

  it('requires every secret and gives none a default (issue #32 point 5)', () => {
    const text = readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8');
    const secrets = ['POSTGRES_PASSWORD', 'SESSION_SECRET', 'JOB_DATA_KEY', 'METRICS_TOKEN', 'SMTP_PASS', 'REDIS_PASSWORD'];
    const uses = [...text.matchAll(/\$\{(\w+)(?::?([-?]))?([^}]*)\}/g)].filter((match) => secrets.includes(match[1]));
    expect(uses.filter(([, , operator, word]) => operator === '-' && word !== '')).toEqual([]);
    const required = new Set(uses.filter(([, , operator]) => operator === '?').map(([, name]) => name));
    expect([...required].sort()).toEqual(['JOB_DATA_KEY', 'METRICS_TOKEN', 'POSTGRES_PASSWORD', 'SESSION_SECRET']);
    expect(uses.filter(([, name, operator]) => required.has(name) && operator !== '?').map(([whole]) => whole)).toEqual([]);
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
