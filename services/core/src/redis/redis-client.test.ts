// What the API's Redis client does when its Redis freezes, dies or comes back, against a redis-server of its own
// (frozen with SIGSTOP, killed with SIGKILL), so that the shared test Redis is never paused.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isDependencyUnavailable } from '../errors/dependency-unavailable';
import { createRedisClient, firstReady, transactionReplies } from './redis-client';

const COMMAND_TIMEOUT_MS = 500;

let port: number;
let server: ChildProcess | undefined;
const clients: Redis[] = [];

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port: free } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return free;
}

async function startServer(): Promise<void> {
  const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  server = started;
  await new Promise<void>((resolve, reject) => {
    let output = '';
    started.once('error', reject);
    started.once('exit', (code) => reject(new Error(`redis-server exited (${code}) before it was ready: ${output}`)));
    started.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
  });
}

async function killServer(): Promise<void> {
  const running = server;
  server = undefined;
  if (!running || running.exitCode !== null || running.signalCode !== null) return;
  running.kill('SIGKILL');
  await once(running, 'exit');
}

async function readyClient(commandTimeoutMs = COMMAND_TIMEOUT_MS): Promise<Redis> {
  const client = createRedisClient({ url: `redis://127.0.0.1:${port}`, commandTimeoutMs });
  clients.push(client);
  await firstReady(client);
  expect(client.status).toBe('ready');
  return client;
}

/** The command's error and how long it took to come. */
async function failure(command: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = Date.now();
  const error = await command.then(
    () => undefined,
    (rejected: unknown) => rejected,
  );
  expect(error, 'the command should have failed').toBeInstanceOf(Error);
  return { error, ms: Date.now() - started };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

beforeAll(async () => {
  port = await freePort();
  await startServer();
});

afterEach(async () => {
  server?.kill('SIGCONT');
  for (const client of clients.splice(0)) client.disconnect();
  if (!server) await startServer();
});

afterAll(async () => {
  await killServer();
});

describe('the Redis client when Redis stops answering (frozen)', () => {
  it('a command fails after the command timeout instead of hanging, as a dependency away', async () => {
    const client = await readyClient();
    server!.kill('SIGSTOP');
    const { error, ms } = await failure(client.get('anything'));
    expect(ms).toBeGreaterThanOrEqual(COMMAND_TIMEOUT_MS - 20);
    expect(ms).toBeLessThan(COMMAND_TIMEOUT_MS + 500);
    expect(isDependencyUnavailable(error), String(error)).toBe(true);
  });

  it('a transaction fails after the command timeout too', async () => {
    const client = await readyClient();
    server!.kill('SIGSTOP');
    const { error, ms } = await failure(transactionReplies(client.multi().incr('counted').expire('counted', 60, 'NX').ttl('counted').exec()));
    expect(ms).toBeLessThan(COMMAND_TIMEOUT_MS + 500);
    expect(isDependencyUnavailable(error), String(error)).toBe(true);
  });

  it('answers again once Redis wakes up; the late replies are dropped, not given to later commands', async () => {
    const client = await readyClient();
    await client.set('key', 'value');
    server!.kill('SIGSTOP');
    await failure(client.get('late'));
    server!.kill('SIGCONT');
    expect(await client.get('key')).toBe('value');
  });
});

describe('the Redis client when Redis is away (killed) and comes back', () => {
  it('a command fails at once instead of waiting for a reconnect, as a dependency away', async () => {
    const client = await readyClient();
    await killServer();
    // Long enough for the reconnect attempts to back off to one a second: a queued command would wait for one.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    for (let attempt = 0; attempt < 3; attempt++) {
      const { error, ms } = await failure(client.get('anything'));
      expect(ms).toBeLessThan(100);
      expect(isDependencyUnavailable(error), String(error)).toBe(true);
    }
  });

  it('a command in flight when the connection drops fails and is not sent again after the reconnect', async () => {
    const client = await readyClient(10_000);
    const admin = await readyClient();
    const clientId = await client.client('ID');
    // Redis holds the INCR unanswered; then only the client's connection drops, and Redis stays up for the reconnect.
    await admin.client('PAUSE', 1_000, 'WRITE');
    const inFlight = failure(client.incr('counted-once'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await admin.client('KILL', 'ID', clientId);
    const { error, ms } = await inFlight;
    expect(ms).toBeLessThan(500);
    expect(isDependencyUnavailable(error), String(error)).toBe(true);

    await until(() => client.status === 'ready', 3_000);
    await admin.client('UNPAUSE');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await admin.get('counted-once')).toBeNull();
  });

  it('is used again within about a second of Redis coming back', async () => {
    const client = await readyClient();
    await killServer();
    // Long enough for the reconnect attempts to back off to their longest delay.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await startServer();
    const ms = await until(() => client.status === 'ready', 3_000);
    expect(ms).toBeLessThan(1_500);
    expect(await client.ping()).toBe('PONG');
  });
});
