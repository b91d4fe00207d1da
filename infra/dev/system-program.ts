// Programs `npm start` and `npm test` take from the system (redis-server, nginx): found on PATH or in
// the usual places, and installed with apt-get when missing and we are root on Debian/Ubuntu, as .ci/run is.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';
import { log } from './log';

const SEARCH_DIRS = ['/usr/bin', '/usr/sbin', '/usr/local/bin', '/usr/local/sbin', '/opt/homebrew/bin'];

export interface SystemProgram {
  binary: string;
  /** Debian packages that provide it (and what it needs beside it). */
  debianPackages: string[];
  /** How to get it elsewhere, shown when it cannot be installed here. */
  hints: string[];
}

export function findProgram(binary: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(':').filter(Boolean), ...SEARCH_DIRS];
  for (const dir of dirs) {
    const candidate = join(dir, binary);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      /* keep looking */
    }
  }
  return undefined;
}

export function canInstallWithApt(): boolean {
  return process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
}

export function aptInstall(packages: string[]): void {
  log.info(`installing ${packages.join(', ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...packages]]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
  }
}

/** The program's path, installing it when possible; otherwise explains how to get it and exits. */
export function ensureProgram(program: SystemProgram): string {
  let path = findProgram(program.binary);
  if (!path && canInstallWithApt()) {
    log.info(`${program.binary} is missing`);
    aptInstall(program.debianPackages);
    path = findProgram(program.binary);
  }
  if (!path) {
    log.error(
      [`${program.binary} was not found and cannot be installed automatically here.`, ...program.hints.map((hint) => `  ${hint}`)].join('\n'),
    );
    process.exit(1);
  }
  return path;
}
