#!/usr/bin/env node
// The copy lists of infra/docker/*.Dockerfile, derived from the root package.json's workspaces so that a
// new workspace cannot be left out of an image (services/web-kit once was). Plain node, no dependencies:
// it runs inside the image build, on the whole build context copied into a throwaway stage.
//
//   node workspaces.mjs closure <workspace>...                 the named workspaces and every workspace they
//                                                              depend on in production (dependencies), one a line
//   node workspaces.mjs manifests <out>                        package.json, package-lock.json and every
//                                                              workspace's package.json (npm ci reads them all)
//   node workspaces.mjs sources <out> <workspace>... [--with <path>]...
//                                                              the closure's folders, the root tsconfigs and
//                                                              each --with path; nothing else
//   node workspaces.mjs flags <workspace>...                   `-w name` for each workspace of the closure
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(process.env.WORKSPACES_ROOT ?? process.cwd());

/** Workspace name -> folder, in the root package.json's order. */
export function workspaceFolders(rootDir = root) {
  const manifest = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8'));
  const folders = new Map();
  for (const folder of manifest.workspaces ?? []) {
    const path = join(rootDir, folder, 'package.json');
    if (!existsSync(path)) throw new Error(`workspace ${folder} has no package.json`);
    folders.set(JSON.parse(readFileSync(path, 'utf8')).name, folder);
  }
  return folders;
}

/** The named workspaces and, recursively, every workspace in their `dependencies`, in workspace order. */
export function closure(names, rootDir = root) {
  const folders = workspaceFolders(rootDir);
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name)) return;
    const folder = folders.get(name);
    if (!folder) throw new Error(`${name} is not a workspace (root package.json: workspaces)`);
    seen.add(name);
    const manifest = JSON.parse(readFileSync(join(rootDir, folder, 'package.json'), 'utf8'));
    for (const dependency of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })) if (folders.has(dependency)) visit(dependency);
  };
  names.forEach(visit);
  return [...folders.keys()].filter((name) => seen.has(name));
}

function copy(relative, out) {
  const target = join(out, relative);
  mkdirSync(dirname(target), { recursive: true });
  cpSync(join(root, relative), target, {
    recursive: true,
    filter: (source) => !/(^|\/)(node_modules|dist|\.turbo|coverage)(\/|$)/.test(source.slice(root.length)),
  });
}

function main([command, ...args]) {
  switch (command) {
    case 'closure':
      return console.log(closure(args).join('\n'));
    case 'flags':
      return console.log(
        closure(args)
          .map((name) => `-w ${name}`)
          .join(' '),
      );
    case 'manifests': {
      const [out] = args;
      for (const file of ['package.json', 'package-lock.json']) copy(file, out);
      for (const folder of workspaceFolders().values()) copy(join(folder, 'package.json'), out);
      return;
    }
    case 'sources': {
      const [out, ...rest] = args;
      const names = [];
      const extra = [];
      for (let index = 0; index < rest.length; index++) {
        if (rest[index] === '--with') extra.push(rest[++index]);
        else names.push(rest[index]);
      }
      const folders = workspaceFolders();
      for (const name of closure(names)) copy(folders.get(name), out);
      for (const file of readdirSync(root)) if (/^tsconfig.*\.json$/.test(file)) copy(file, out);
      for (const path of extra) copy(path, out);
      return;
    }
    default:
      throw new Error(`usage: workspaces.mjs closure|flags|manifests|sources … (got ${command})`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
