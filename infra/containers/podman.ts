// podman and podman-compose as this machine runs them (STACK.md, "containers"): as root, runc rather than crun
// (crun refuses the hybrid cgroups here), ulimits no higher than the machine's, host networking for builds (the
// registries are reached through the host's proxy), the docker image format (HEALTHCHECK).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../dev/config';

export const REQUIRED_PROGRAMS = ['podman', 'runc', 'debootstrap', 'podman-compose'] as const;

const confDir = mkdtempSync(join(tmpdir(), 'zaytoon-containers-conf-'));
const containersConf = join(confDir, 'containers.conf');
process.once('exit', () => rmSync(confDir, { recursive: true, force: true }));
writeFileSync(
  containersConf,
  ['[containers]', 'default_ulimits = ["nofile=1024:1024", "nproc=1024:1024"]', '', '[engine]', 'runtime = "runc"', ''].join('\n'),
);

/** Every podman run (podman-compose's included) reads this: runc and the ulimits without a flag each time. */
export const podmanEnv: NodeJS.ProcessEnv = { ...process.env, CONTAINERS_CONF: containersConf };

export const BUILD_FLAGS = [
  '--runtime',
  'runc',
  '--network=host',
  '--format',
  'docker',
  '--ulimit',
  'nofile=1024:1024',
  '--ulimit',
  'nproc=1024:1024',
];

export function missingPrograms(): string[] {
  return REQUIRED_PROGRAMS.filter((program) => spawnSync('sh', ['-c', `command -v ${program}`]).status !== 0);
}

export interface Run {
  status: number | null;
  output: string;
}

/** Runs a command to its end, keeping its output (and echoing it when CONTAINERS_VERBOSE is set). */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = podmanEnv, timeoutMs = 30 * 60_000): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: string[] = [];
    const keep = (chunk: Buffer) => {
      chunks.push(String(chunk));
      if (process.env.CONTAINERS_VERBOSE) process.stderr.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.once('error', reject);
    child.once('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output: chunks.join('') });
    });
  });
}

/** Like run, but a non-zero exit is an error carrying the output's tail. */
export async function must(command: string, args: string[], env?: NodeJS.ProcessEnv, timeoutMs?: number): Promise<string> {
  const result = await run(command, args, env, timeoutMs);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}:\n${result.output.slice(-4000)}`);
  return result.output;
}

export const podman = (...args: string[]) => must('podman', args);

/** Lines of `podman <args>`, empty lines dropped. */
export async function podmanLines(...args: string[]): Promise<string[]> {
  return (await podman(...args))
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}
