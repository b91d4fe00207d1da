// `npm run test:containers`: the production path run for real on podman. Makes the stand-ins for the public base
// images (standins.sh), builds every image of infra/docker/ on them, brings docker-compose.yml up with
// podman-compose (front door, both remotes, 2 API and 2 worker replicas, Postgres, Redis, migrations as a
// one-off service before the API), walks the product through the front door, kills an API replica under load
// without losing a GET, then removes every container, volume, network and image it made.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tilesCovering } from '@zaytoon/contract/client';
import type { BusinessInput } from '@zaytoon/contract';
import { repoRoot } from '../dev/config';
import { waitForHttp } from '../dev/net';
import { businessInput, eventually } from '../e2e/jobs/api-client';
import { balancerClient } from '../production/balancer-client';
import { BUILD_FLAGS, missingPrograms, must, podman, podmanEnv, podmanLines, run } from './podman';
import { BUILT_IMAGES, NODE_VERSION, NPM_VERSION, STANDIN, standinImages } from './images';

const PROJECT = 'zaytoon_containers';
const PORT = 8080 + 10_000 + Number(process.env.PORT_OFFSET ?? 0);
const FRONT_DOOR = `http://127.0.0.1:${PORT}`;
const PUBLIC_ORIGIN = 'https://zaytoon.test';

interface ComposeService {
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
}
const services = (parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, ComposeService> })
  .services;

const composeEnv: NodeJS.ProcessEnv = {
  ...podmanEnv,
  REDIS_IMAGE: standinImages.redis,
  POSTGRES_PASSWORD: randomBytes(24).toString('hex'),
  SESSION_SECRET: randomBytes(48).toString('base64url'),
  JOB_DATA_KEY: randomBytes(48).toString('base64url'),
  METRICS_TOKEN: randomBytes(24).toString('base64url'),
  PUBLIC_ORIGIN,
  FRONTDOOR_PUBLISH_PORT: String(PORT),
  // The test stands where a TLS-terminating balancer would: on the host, reaching the published port through
  // podman's bridge, telling the front door the client spoke https.
  FRONTDOOR_TRUSTED_PROXIES: '10.0.0.0/8',
};

const compose = (...args: string[]) => must('podman-compose', ['-p', PROJECT, '-f', 'docker-compose.yml', ...args], composeEnv);
const containersOf = (service: string) =>
  Array.from({ length: services[service].deploy?.replicas ?? 1 }, (_, index) => `${PROJECT}_${service}_${index + 1}`);

/** Whatever this test made and podman still holds: containers, volumes, networks, pods, images. */
async function leftovers(): Promise<string[]> {
  const volumes = await podmanLines('volume', 'ls', '--format', '{{.Name}}');
  const images = await podmanLines('images', '--format', '{{.Repository}}:{{.Tag}}');
  return [
    ...(await podmanLines('ps', '-a', '--format', '{{.Names}}')).filter((name) => name.startsWith(`${PROJECT}_`)),
    ...volumes.filter((name) => name.startsWith(`${PROJECT}_`) || !volumesBefore.has(name)),
    ...(await podmanLines('network', 'ls', '--format', '{{.Name}}')).filter((name) => name.startsWith(`${PROJECT}_`)),
    ...(await podmanLines('pod', 'ps', '--format', '{{.Name}}')).filter((name) => name.includes(PROJECT)),
    ...images.filter((image) => image.startsWith(`${STANDIN}/`) || BUILT_IMAGES.some((built) => image.startsWith(`localhost/${built.name}:`))),
  ];
}

/** CONTAINERS_KEEP_IMAGES=1 (while working on this test): images built by an earlier run are used and kept. */
const keepImages = process.env.CONTAINERS_KEEP_IMAGES === '1';
/** Volumes podman held before the test: any other one after the teardown is one the test left (an anonymous one). */
let volumesBefore = new Set<string>();

async function imageExists(name: string): Promise<boolean> {
  return (await run('podman', ['image', 'exists', name])).status === 0;
}

async function tearDown({ images = !keepImages } = {}): Promise<void> {
  // -v: with the anonymous volumes of the images' VOLUME (the migrate container mounts none over /data/uploads).
  for (const name of (await podmanLines('ps', '-a', '--format', '{{.Names}}')).filter((name) => name.startsWith(`${PROJECT}_`)))
    await run('podman', ['rm', '-f', '-v', '-t', '10', name]);
  await run('podman-compose', ['-p', PROJECT, '-f', 'docker-compose.yml', 'down', '-v', '-t', '10'], composeEnv);
  for (const volume of (await podmanLines('volume', 'ls', '--format', '{{.Name}}')).filter((name) => name.startsWith(`${PROJECT}_`)))
    await run('podman', ['volume', 'rm', '-f', volume]);
  for (const network of (await podmanLines('network', 'ls', '--format', '{{.Name}}')).filter((name) => name.startsWith(`${PROJECT}_`)))
    await run('podman', ['network', 'rm', '-f', network]);
  if (!images) return;
  for (const image of [...BUILT_IMAGES.map((built) => built.name), ...Object.values(standinImages)]) await run('podman', ['rmi', '-f', image]);
  // Intermediate stages of the builds and their cache.
  await run('podman', ['image', 'prune', '-f']);
}

/** Waits for the conditions of docker-compose.yml's depends_on, which podman-compose 1.0.3 does not honour. */
async function dependenciesReady(service: string): Promise<void> {
  for (const [dependency, { condition }] of Object.entries(services[service].depends_on ?? {})) {
    for (const container of containersOf(dependency)) {
      if (condition === 'service_completed_successfully') {
        const code = (await podman('wait', container)).trim();
        if (code !== '0') throw new Error(`${container} exited ${code}:\n${(await run('podman', ['logs', container])).output.slice(-4000)}`);
      } else if (condition === 'service_healthy') {
        // No systemd timers here to run HEALTHCHECKs: run each one until it passes.
        await eventually(async () => (await run('podman', ['healthcheck', 'run', container])).status === 0 || null, 120_000, `${container} healthy`);
      }
    }
  }
}

/**
 * podman-compose creates every container, network and volume as the file says; the test starts them, each
 * after what it depends on: the order and the waits `docker compose up` keeps.
 */
async function upInDependencyOrder(): Promise<void> {
  await compose('up', '--no-build', '--no-start');
  const started = new Set<string>();
  const pending = Object.keys(services);
  while (pending.length) {
    const index = pending.findIndex((service) => Object.keys(services[service].depends_on ?? {}).every((dependency) => started.has(dependency)));
    if (index < 0) throw new Error(`depends_on has a cycle among ${pending.join(', ')}`);
    const [service] = pending.splice(index, 1);
    await dependenciesReady(service);
    for (const container of containersOf(service)) await podman('start', container);
    started.add(service);
  }
}

/** Each container's state and the tail of its log, for a failure's message. */
async function containerStates(): Promise<string> {
  const lines = [(await run('podman', ['ps', '-a', '--filter', `name=^${PROJECT}_`, '--format', '{{.Names}} {{.Status}}'])).output];
  for (const service of Object.keys(services))
    for (const container of containersOf(service)) lines.push(`--- ${container}`, (await run('podman', ['logs', '--tail', '15', container])).output);
  return lines.join('\n');
}

/** A browser behind the balancer (the test stands where it would). */
const visitor = () => balancerClient(FRONT_DOOR, PUBLIC_ORIGIN).api;

function newMember(prefix: string) {
  const suffix = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  return { email: `${prefix}-${suffix}@example.com`, username: `${prefix}_${suffix}`, name: `Containers ${prefix}`, password: 'containers-pass-123' };
}

async function page(path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${FRONT_DOOR}${path}`, { headers: { 'x-forwarded-proto': 'https' } });
  return { status: response.status, text: await response.text() };
}

const started = Date.now();
const timings: string[] = [];
async function timed<T>(what: string, step: () => Promise<T>): Promise<T> {
  const from = Date.now();
  const result = await step();
  timings.push(`${what}: ${((Date.now() - from) / 1000).toFixed(0)} s`);
  return result;
}

beforeAll(async () => {
  const missing = missingPrograms();
  if (missing.length) throw new Error(`missing: ${missing.join(', ')} (Debian: apt-get install -y podman runc debootstrap podman-compose)`);
  await tearDown();
  volumesBefore = new Set(await podmanLines('volume', 'ls', '--format', '{{.Name}}'));
  if (!(
    keepImages &&
    (await imageExists(standinImages.node)) &&
    (await imageExists(standinImages.postgres)) &&
    (await imageExists(standinImages.redis))
  ))
    await timed('stand-in base images', () =>
      must('bash', [join(repoRoot, 'infra/containers/standins.sh')], {
        ...podmanEnv,
        STANDIN_NODE_VERSION: NODE_VERSION,
        STANDIN_NPM_VERSION: NPM_VERSION,
        STANDIN_PREFIX: STANDIN,
      }),
    );
  for (const image of BUILT_IMAGES) {
    if (keepImages && (await imageExists(image.name))) continue;
    await timed(`image ${image.name}`, () =>
      podman(
        'build',
        ...BUILD_FLAGS,
        '--build-arg',
        `NODE_IMAGE=${standinImages.node}`,
        '--build-arg',
        `DEBIAN_IMAGE=${standinImages.debian}`,
        '--build-arg',
        `POSTGRES_IMAGE=${standinImages.postgres}`,
        '-f',
        image.dockerfile,
        '--target',
        image.target,
        '-t',
        image.name,
        '.',
      ),
    );
  }
  try {
    await timed('compose up', upInDependencyOrder);
    await waitForHttp(`${FRONT_DOOR}/`, { timeoutMs: 120_000, ready: (status) => status === 200 });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${await containerStates()}`);
  }
}, 45 * 60_000);

afterAll(async () => {
  await timed('teardown', () => tearDown());
  console.log(`test:containers: ${timings.join(', ')}; ${((Date.now() - started) / 60_000).toFixed(1)} min in all`);
}, 10 * 60_000);

describe('docker-compose.yml on podman', () => {
  it('runs every service, with 2 API and 2 worker replicas, after the one-off migrations', async () => {
    const running = await podmanLines('ps', '--filter', `name=^${PROJECT}_`, '--format', '{{.Names}}');
    const longRunning = Object.keys(services).filter((service) => service !== 'migrate');
    expect(longRunning).toEqual(
      expect.arrayContaining(['frontdoor', 'directory', 'admin', 'api', 'worker', 'postgres', 'redis', 'pgbackrest', 'backup', 'uploads-archive']),
    );
    for (const service of longRunning) for (const container of containersOf(service)) expect(running, container).toContain(container);
    expect(containersOf('api')).toHaveLength(2);
    expect(containersOf('worker')).toHaveLength(2);
    const [migrate] = containersOf('migrate');
    expect(running).not.toContain(migrate);
    expect((await podman('inspect', migrate, '--format', '{{.State.ExitCode}}')).trim()).toBe('0');
    for (const container of [...containersOf('api'), ...containersOf('worker')])
      expect((await podman('exec', container, 'node', '--version')).trim(), container).toBe(`v${NODE_VERSION}`);
  });

  it('serves the landing page and /browse through the front door', async () => {
    const landing = await page('/');
    expect(landing.status).toBe(200);
    expect(landing.text).toMatch(/<div id="root">/);
    const browse = await page('/browse');
    expect(browse.status).toBe(200);
    expect(browse.text).toMatch(/<div id="root">/);
    for (const remote of ['directory', 'admin']) {
      const manifest = await fetch(`${FRONT_DOOR}/remotes/${remote}/mf-manifest.json`);
      expect(manifest.status, remote).toBe(200);
      expect(((await manifest.json()) as { name?: string }).name, remote).toBeTruthy();
    }
  });

  it('a visitor signs up, adds a business, and the worker places it on the map', async () => {
    const member = newMember('walk');
    const api = visitor();
    expect((await api.call('signup', { body: member })).username).toBe(member.username);
    expect((await api.call('me')).username).toBe(member.username);
    const name = `Containers Falafel ${member.username}`;
    const created = await api.call('createBusiness', { body: businessInput(name, { postcode: 'SW1A 1AA' }) as BusinessInput });
    const placed = await eventually(
      async () => {
        const business = await visitor().call('getBusiness', { id: created.id });
        return business.latitude !== null && business.longitude !== null ? business : null;
      },
      60_000,
      'a worker replica to geocode the new business',
    );
    const around = {
      west: placed.longitude! - 0.0005,
      east: placed.longitude! + 0.0005,
      south: placed.latitude! - 0.0005,
      north: placed.latitude! + 0.0005,
    };
    // A 503 means nothing happened and a retry is safe (docs/decisions/0029-faults-and-write-outcomes.md): on a busy
    // machine a search can meet the API's search pool full, and a browser asks again as this does.
    const onMap = await eventually(
      async () => {
        const markers = [];
        for (const tile of tilesCovering(around, 18))
          markers.push(...(await visitor().call('mapTile', { params: tile, query: { search: name } })).items);
        return markers.filter((item) => item.kind === 'business').map((item) => (item as { id: number }).id);
      },
      60_000,
      'the map tiles around the new business',
    );
    expect(onMap).toContain(created.id);
  });

  it('an admin made with the admin CLI reaches the admin panel', async () => {
    const member = newMember('admin');
    const api = visitor();
    await api.call('signup', { body: member });
    await must('podman', ['exec', containersOf('api')[0], 'node', 'services/core/dist/admin.js', 'promote', member.email]);
    const admin = visitor();
    await admin.call('login', { body: { login: member.username, password: member.password } });
    expect(await admin.call('adminStatus')).toEqual({ is_admin: true });
    const panel = await page('/admin');
    expect(panel.status).toBe(200);
    expect(panel.text).toMatch(/<div id="root">/);
  });

  it('backs up on its schedules: pgBackRest archives the WAL and keeps a full backup, the backup service a dump with its manifest', async () => {
    const [pgbackrest] = containersOf('pgbackrest');
    const pgbackrestInfo = async () => {
      const result = await run('podman', ['exec', pgbackrest, 'pgbackrest', '--stanza=zaytoon', '--log-level-console=warn', '--output=json', 'info']);
      return result.status === 0 ? (JSON.parse(result.output) as { status: { code: number }; backup: { type: string }[] }[])[0] : null;
    };
    const stanza = await eventually(
      async () => ((await pgbackrestInfo())?.backup.some((backup) => backup.type === 'full') ? pgbackrestInfo() : null),
      180_000,
      'the first full pgBackRest backup',
    );
    expect(stanza?.status.code).toBe(0);
    // `check` switches to a new WAL segment and waits until the server's archive_command has pushed it.
    await must('podman', ['exec', pgbackrest, 'pgbackrest', '--stanza=zaytoon', '--log-level-console=warn', 'check']);

    const [backup] = containersOf('backup');
    const finished = await eventually(
      async () => {
        const listing = await run('podman', ['exec', backup, 'sh', '-c', 'ls /backups/*/manifest.json']);
        return listing.status === 0 ? listing.output.trim().split('\n') : null;
      },
      120_000,
      'the backup service’s first backup',
    );
    const manifest = JSON.parse(await podman('exec', backup, 'cat', finished[0])) as { files: { path: string; sha256: string }[] };
    expect(manifest.files.map((file) => file.path)).toEqual(expect.arrayContaining([expect.stringMatching(/\.dump$/)]));
    for (const file of manifest.files) expect(file.sha256, file.path).toMatch(/^[0-9a-f]{64}$/);
    expect(await podman('logs', containersOf('uploads-archive')[0])).toMatch(/uploads archive \/backups\/uploads-archive: \d+ new files/);
  }, 300_000);

  it('loses no GET while an API replica is killed under steady load', async () => {
    const [victim] = containersOf('api');
    const failures: string[] = [];
    let answered = 0;
    let stop = false;
    const load = Array.from({ length: 4 }, async () => {
      while (!stop) {
        try {
          const response = await fetch(`${FRONT_DOOR}/api/businesses?page=1`, { headers: { 'x-forwarded-proto': 'https' } });
          await response.arrayBuffer();
          if (response.status === 200) answered++;
          else failures.push(`status ${response.status}`);
        } catch (error) {
          failures.push(String(error));
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const before = answered;
    await podman('kill', '--signal', 'KILL', victim);
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    stop = true;
    await Promise.all(load);
    expect(failures).toEqual([]);
    expect(answered - before).toBeGreaterThan(20);
    await podman('start', victim);
  });
});

describe('teardown', () => {
  it(
    'leaves no container, volume, network or image behind',
    async () => {
      await tearDown();
      if (!keepImages) expect(await leftovers()).toEqual([]);
    },
    10 * 60_000,
  );
});
