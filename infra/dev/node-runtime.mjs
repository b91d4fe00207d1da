#!/usr/bin/env node
// Runs `npm start`, `npm test` and the other entry points on a Node the dependencies support: the root
// package.json's `engines.node`. When the machine's Node is older (Debian 12 ships Node 20, out of support since
// April 2026), the LTS binary named by `config.nodeLts` comes from the npm registry's node-<platform>-<arch>
// package, is kept in .data/runtime/, and goes first on PATH, so npm, tsx, vitest and every child use it.
// Plain JavaScript with no dependencies: it runs before node_modules exists, on any Node from 18.
//
//   node infra/dev/node-runtime.mjs <command> [args…]   install the dependencies if needed, then run the command
//   node infra/dev/node-runtime.mjs --bin-dir           print the folder holding the node to use (.ci/run)
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** The lowest version `engines.node` accepts (it is written `>=X[.Y[.Z]]`), as [major, minor, patch]. */
export function lowestAccepted(engines = manifest.engines?.node ?? '') {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(engines.trim());
  if (!match) throw new Error(`package.json engines.node must read ">=X.Y.Z" (found "${engines}")`);
  return match.slice(1).map((part) => Number(part ?? 0));
}

/** Whether version (x.y.z) is at least the lowest engines.node accepts. */
export function newEnough(version = process.versions.node, engines = manifest.engines?.node) {
  const have = version.split('.').map(Number);
  const need = lowestAccepted(engines);
  for (let index = 0; index < 3; index++) if (have[index] !== need[index]) return have[index] > need[index];
  return true;
}

function log(message) {
  console.error(`[node] ${message}`);
}

/** The folder of a node binary at config.nodeLts, fetched from the npm registry on first use. */
function ltsBinDir() {
  const version = manifest.config?.nodeLts;
  if (!version) throw new Error('package.json config.nodeLts must name the Node LTS version to fetch');
  const dir = join(root, '.data', 'runtime', `node-v${version}-${process.platform}-${process.arch}`);
  const bin = join(dir, 'bin');
  if (existsSync(join(bin, 'node'))) return bin;
  const arch = process.arch === 'x64' || process.arch === 'arm64' ? process.arch : null;
  if (!arch || !['linux', 'darwin'].includes(process.platform))
    throw new Error(`Node ${process.versions.node} is too old and no Node ${version} package exists for ${process.platform}-${arch}`);
  const spec = `node-${process.platform}-${arch}@${version}`;
  log(
    `Node ${process.versions.node} is older than the dependencies support (engines.node ${manifest.engines.node}): fetching ${spec} from the npm registry`,
  );
  const work = `${dir}.partial`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(join(work, 'bin'), { recursive: true });
  const pack = spawnSync('npm', ['pack', spec, '--pack-destination', work, '--silent'], { cwd: work, encoding: 'utf8' });
  const tarball = pack.stdout.trim().split('\n').pop();
  if (pack.status !== 0 || !tarball) throw new Error(`npm pack ${spec} failed:\n${pack.stderr}`);
  const untar = spawnSync('tar', ['-xzf', join(work, tarball), '-C', work, '--strip-components=1', 'package/bin/node'], { encoding: 'utf8' });
  if (untar.status !== 0) throw new Error(`unpacking ${tarball} failed:\n${untar.stderr}`);
  rmSync(join(work, tarball));
  chmodSync(join(work, 'bin', 'node'), 0o755);
  rmSync(dir, { recursive: true, force: true });
  renameSync(work, dir);
  log(`using ${join(bin, 'node')}`);
  return bin;
}

/** Where the node to run lives: this one when it is new enough, else the fetched LTS. */
export function nodeBinDir() {
  return newEnough() ? dirname(process.execPath) : ltsBinDir();
}

function main(args) {
  const binDir = nodeBinDir();
  if (args[0] === '--bin-dir') return console.log(binDir);
  if (!args.length) throw new Error('usage: node infra/dev/node-runtime.mjs <command> [args…] | --bin-dir');
  const env = { ...process.env, PATH: `${binDir}${delimiter}${process.env.PATH ?? ''}` };
  const node = join(binDir, 'node');
  const deps = spawnSync(node, [join(root, 'infra/dev/ensure-deps.mjs')], { cwd: root, env, stdio: 'inherit' });
  if (deps.status !== 0) process.exit(deps.status ?? 1);
  const child = spawn(args[0], args.slice(1), { env, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.once('error', (error) => {
    console.error(`[node] ${args[0]}: ${error.message}`);
    process.exit(127);
  });
  child.once('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1)));
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
