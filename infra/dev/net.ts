// Small network helpers: is a port taken, and wait until an HTTP endpoint answers.
import { get as httpsGet } from 'node:https';
import { connect } from 'node:net';

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** True when something already listens on the port (IPv4 or IPv6 loopback). */
export async function portInUse(port: number): Promise<boolean> {
  const [v4, v6] = await Promise.all([accepts('127.0.0.1', port), accepts('::1', port)]);
  return v4 || v6;
}

/** Fails with a message that names the variable to change when the port is taken. */
export async function assertPortFree(port: number, what: string, variable: string): Promise<void> {
  if (await portInUse(port)) {
    throw new Error(
      `port ${port} (${what}) is already in use. Stop whatever listens there, or pick another port with ${variable}=<port> (or PORT_OFFSET=<n> to shift every port).`,
    );
  }
}

export interface WaitOptions {
  timeoutMs?: number;
  /** Which answers count as ready; by default any HTTP answer below 500. */
  ready?: (status: number) => boolean;
  /** Stop waiting early (e.g. the process died). */
  abort?: Promise<unknown>;
  /** For https URLs whose certificate no public authority signed (a loopback one): the PEM to trust. */
  ca?: string;
}

/** One request's status, trusting `ca` for https. Node's fetch cannot be given a certificate authority. */
function statusWithCa(url: string, ca: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpsGet(url, { ca, timeout: 2000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
  });
}

export async function waitForHttp(url: string, { timeoutMs = 60_000, ready = (s) => s < 500, abort, ca }: WaitOptions = {}): Promise<void> {
  let aborted = false;
  abort?.then(() => (aborted = true));
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline && !aborted) {
    try {
      let status: number;
      if (ca) status = await statusWithCa(url, ca);
      else {
        const response = await fetch(url, { signal: AbortSignal.timeout(2000), redirect: 'manual' });
        await response.body?.cancel();
        status = response.status;
      }
      if (ready(status)) return;
      last = `HTTP ${status}`;
    } catch (error) {
      last = (error as Error).cause ? String((error as Error & { cause: Error }).cause.message) : (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become ready${aborted ? ' (its process exited)' : ` within ${timeoutMs} ms`}: ${last}`);
}
