#!/usr/bin/env node
// Runs `npm install` only when it is needed, so that a second `npm start` is fast.
// Plain JavaScript with no dependencies: it runs before node_modules exists.
//
// Needed when node_modules is missing, or when package-lock.json is newer than
// node_modules/.package-lock.json (npm's record of what it installed) AND its
// content changed since our last install (a `git checkout` alone only touches
// the mtime, so we also compare a hash of the lock file).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const lockFile = join(root, 'package-lock.json');
const installedLock = join(root, 'node_modules', '.package-lock.json');
const hashFile = join(root, 'node_modules', '.zaytoon-lock-hash');

function lockHash() {
  return existsSync(lockFile) ? createHash('sha256').update(readFileSync(lockFile)).digest('hex') : 'none';
}

function installReason() {
  if (!existsSync(join(root, 'node_modules')) || !existsSync(installedLock)) return 'node_modules is missing';
  if (!existsSync(lockFile)) return null;
  if (statSync(lockFile).mtimeMs <= statSync(installedLock).mtimeMs) return null;
  const previous = existsSync(hashFile) ? readFileSync(hashFile, 'utf8').trim() : '';
  if (previous && previous === lockHash()) return null;
  return 'package-lock.json changed since the last install';
}

const reason = installReason();
if (reason) {
  console.log(`[deps] ${reason}: running npm install --no-audit --no-fund`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[deps] npm install failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}
if (existsSync(join(root, 'node_modules'))) writeFileSync(hashFile, lockHash() + '\n');
