// What the docs name in backticks, checked against the tree: a file path must exist and an identifier must still be
// declared in the code, so a renamed or deleted file or export makes `npm test` fail instead of leaving a stale doc.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Folders that hold no source or docs of the project (installed, built or generated). */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', '.data', 'dist', 'build', 'coverage', '.turbo', 'test-results', '.cache']);
/** Files whose words count as declared names (code, SQL, catalogs, configuration). */
const SOURCE_FILE = /\.(ts|tsx|mts|mjs|cjs|js|jsx|sql|json|ya?ml|css|sh|conf|html)$|Dockerfile$/;
/** What a backticked path may end with to be taken as a file of the repository. */
const PATH_EXTENSION = /\.(ts|tsx|mts|mjs|cjs|js|jsx|sql|json|ya?ml|css|sh|conf|html|md|csv|Dockerfile)$/;

/**
 * Names the docs mention that are not the project's files or declarations: what builds write, what a backup or a
 * browser holds, other programs' settings. Each is a name only; every other name must exist.
 */
export const NOT_IN_THE_TREE = new Set([
  // written by the builds and served at run time
  'mf-manifest.json',
  'remoteEntry.js',
  'version.json',
  'runtime-config.json',
  'remoteEntry-<hash>.js',
  // a remote's early-fetch list, written beside its manifest by build-kit's remotePreloads
  'preload.json',
  // written at run time: a backup folder's files, the nginx and podman configurations npm start and the tests render
  'database.dump',
  'manifest.json',
  'uploads/',
  'nginx.conf',
  'containers.conf',
  // the product's specification, kept beside the repository
  'SPEC.md',
  'CONTRACT.md',
  // other programs' names: Node's request internals, a Gateway API kind, Chrome's trace events, Lighthouse's
  // connection model, a module-federation/vite option, the federation SDK's debug flag and the browser storage it is
  // read from, the file-name prefix of module federation's shared-module loaders, a rolldown chunking option, and
  // Playwright's page and assertion methods
  'req._dump()',
  'ClientSettingsPolicy',
  'EvaluateScript',
  'v8.evaluateModule',
  'ConnectionPool',
  'bundleAllCSS',
  'FEDERATION_DEBUG',
  'localStorage',
  '__loadShare__',
  'entriesAware',
  'waitForTimeout',
  'toHaveURL()',
]);

export interface Problem {
  doc: string;
  line: number;
  text: string;
  reason: string;
}

export interface Tree {
  root: string;
  /** Every file, relative to the root, with forward slashes. */
  files: string[];
  /** The folders that hold a package.json (the workspaces and the root), relative to the root. */
  workspaces: string[];
  /** Every word (`\w+`) of every source file. */
  words: Set<string>;
  /** For an UPPER_CASE constant, the files that declare it (`const NAME`). */
  constantFiles: Map<string, string[]>;
  /** Each workspace's package name and the `exports` keys of its package.json. */
  packages: Map<string, { folder: string; exports: string[] }>;
}

function walk(root: string, folder = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    if (SKIPPED_FOLDERS.has(entry.name)) continue;
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...walk(root, relative));
    else if (entry.isFile()) found.push(relative);
  }
  return found;
}

export function readTree(root: string): Tree {
  const files = walk(root);
  const words = new Set<string>();
  const constantFiles = new Map<string, string[]>();
  for (const file of files) {
    // The check's own files name missing things on purpose.
    if (!SOURCE_FILE.test(file) || file.endsWith('package-lock.json') || file.startsWith('infra/docs/')) continue;
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const word of text.match(/[\w$]+/g) ?? []) words.add(word);
    for (const match of text.matchAll(/\bconst\s+([A-Z][A-Z0-9_]+)\b/g)) {
      constantFiles.set(match[1], [...(constantFiles.get(match[1]) ?? []), file]);
    }
  }
  const workspaces = files.filter((file) => file === 'package.json' || file.endsWith('/package.json')).map((file) => path.posix.dirname(file));
  const packages = new Map<string, { folder: string; exports: string[] }>();
  for (const folder of workspaces) {
    const manifest = JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8')) as { name?: string; exports?: unknown };
    const exports = typeof manifest.exports === 'object' && manifest.exports ? Object.keys(manifest.exports) : [];
    if (manifest.name) packages.set(manifest.name, { folder, exports });
  }
  return { root, files, workspaces, words, constantFiles, packages };
}

/** The docs the check reads: the README, everything under docs/, and every other Markdown file of the tree. */
export const docsOf = (tree: Tree) => tree.files.filter((file) => file.endsWith('.md'));

/** `a/{b,c}/d` → `a/b/d`, `a/c/d`. */
function expandBraces(text: string): string[] {
  const match = /\{([^{}]*,[^{}]*)\}/.exec(text);
  if (!match) return [text];
  return match[1].split(',').flatMap((choice) => expandBraces(text.slice(0, match.index) + choice + text.slice(match.index + match[0].length)));
}

/** A path with `<placeholder>` and `*` segments as a regular expression over whole relative paths. */
function pathPattern(candidate: string): RegExp {
  const escaped = candidate
    .split(/(<[^>]+>|\*\*|\*)/)
    .map((part) => {
      if (part === '**') return '.*';
      if (part === '*' || /^<[^>]+>$/.test(part)) return '[^/]+';
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${escaped}$`);
}

const isPlaceholderFree = (candidate: string) => !/[<*]/.test(candidate);

/** Whether a backticked text is meant as a path of the repository (not a URL, a command or a route). */
export function looksLikePath(text: string): boolean {
  if (/\s|:\/\/|^\/|^~|^\$|[=…"'`,;()]|\.\.\./.test(text)) return false;
  if (text.endsWith('/')) return text.length > 1 && !text.startsWith('.');
  return PATH_EXTENSION.test(text) && /[A-Za-z]/.test(text.replace(PATH_EXTENSION, ''));
}

/**
 * Where a backticked path may be, in order: from the root; from the doc's folder; from the doc's workspace; from
 * `services/` (`core/src/…`); as the end of a path (`http/request-id.ts`, `screens/Auth/`) when it does not start
 * with `src/` (a workspace README's `src/x` means its own). A bare file name must be some file's name.
 */
export function pathExists(tree: Tree, doc: string, candidate: string): boolean {
  const ownPackage = [...tree.packages].find(([name]) => candidate.startsWith(`${name}/`));
  if (ownPackage) {
    const [name, { folder: packageFolder, exports }] = ownPackage;
    const rest = candidate.slice(name.length + 1);
    return exports.includes(`./${rest}`) || pathExists(tree, `${packageFolder}/README.md`, rest);
  }
  const folder = candidate.endsWith('/');
  const wanted = candidate.replace(/^\.\//, '').replace(/\/$/, '');
  const docFolder = path.posix.dirname(doc);
  const workspace =
    tree.workspaces.filter((ws) => ws === '.' || docFolder === ws || docFolder.startsWith(`${ws}/`)).sort((a, b) => b.length - a.length)[0] ?? '.';
  const bases = ['', docFolder, workspace, 'services'].map((base) => (base === '.' || base === '' ? '' : `${base}/`));
  const targets = folder ? tree.files.map((file) => path.posix.dirname(file)) : tree.files;
  return expandBraces(wanted).every((choice) => {
    const exact = isPlaceholderFree(choice);
    const normalised = bases.map((base) => path.posix.normalize(base + choice));
    if (exact) {
      const set = new Set(targets);
      if (normalised.some((full) => set.has(full))) return true;
    } else if (normalised.some((full) => targets.some((target) => pathPattern(full).test(target)))) {
      return true;
    }
    if (choice.startsWith('src/')) return false;
    const suffix = pathPattern(`**/${choice}`);
    return targets.some((target) => target === choice || suffix.test(target));
  });
}

/** A backticked identifier that reads as code: camelCase, PascalCase of two words or more, UPPER_CASE, or dotted. */
export function looksLikeIdentifier(text: string): boolean {
  const name = text.replace(/\(\)$/, '');
  if (!/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(name)) return false;
  if (/^[a-z]+$/.test(name) || /^[A-Z][a-z]+$/.test(name)) return false;
  return /[a-z][A-Z]/.test(name) || /^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(name) || text.endsWith('()') || /^[A-Z][A-Z0-9_]{2,}\.[a-z]\w*$/.test(name);
}

/**
 * An identifier exists when each of its dotted parts is a word of the code; `CONSTANT.member` also needs the member
 * in a file that declares the constant (`LIMITS.searchDebounceMs` fails once `LIMITS` loses it).
 */
export function identifierExists(tree: Tree, text: string): boolean {
  const parts = text.replace(/\(\)$/, '').split('.');
  const owner = /^[A-Z][A-Z0-9_]+$/.test(parts[0]) ? tree.constantFiles.get(parts[0]) : undefined;
  if (owner && parts.length === 2) {
    return owner.some((file) => new RegExp(`\\b${parts[1].replace(/\$/g, '\\$')}\\b`).test(readFileSync(path.join(tree.root, file), 'utf8')));
  }
  const last = parts[parts.length - 1];
  return tree.words.has(last) && (parts.length === 1 || /^[a-z]/.test(parts[0]) || tree.words.has(parts[0]));
}

/** Names of other programs' settings and APIs that the code reaches only through their libraries. */
const OUTSIDE_NAMES = /^(OTEL_|PG|NODE_OPTIONS$|CONTAINERS_CONF$)/;

/** Files a doc's path may mean: the path itself, or any file it ends (`businesses.repository.ts`). */
const filesNamed = (tree: Tree, candidate: string) => tree.files.filter((file) => file === candidate || file.endsWith(`/${candidate}`));

/**
 * A doc that places a name in a file (`` `cityStats` in `businesses.repository.ts` `` or
 * `` `nginx-config.ts` (`UNCACHED_PUBLIC_READS`) ``) is right only if one of the files of that name holds it.
 */
function placedNameProblems(tree: Tree, doc: string, lineText: string, line: number): Problem[] {
  const pairs = [
    ...[...lineText.matchAll(/`([^`]+)` in `([^`]+)`/g)].map((match) => ({ name: match[1], file: match[2] })),
    ...[...lineText.matchAll(/`([^`]+)` \(`([^`]+)`/g)].map((match) => ({ name: match[2], file: match[1] })),
  ];
  return pairs
    .filter(({ name, file }) => looksLikeIdentifier(name) && looksLikePath(file) && !file.endsWith('/'))
    .flatMap(({ name, file }) => {
      const files = filesNamed(tree, file);
      const last = name.replace(/\(\)$/, '').split('.').pop() ?? name;
      const word = new RegExp(`\\b${last.replace(/\$/g, '\\$')}\\b`);
      const holds = files.some((candidate) => word.test(readFileSync(path.join(tree.root, candidate), 'utf8')));
      return files.length && !holds ? [{ doc, line, text: `${name} in ${file}`, reason: 'the file does not declare it' }] : [];
    });
}

/**
 * Paths of what runs or builds rather than of the repository: a build's output (`dist/…`), a folder under a setting
 * (`DATA_DIR/…`, `UPLOAD_DIR/avatars/`), a path beside the repository (`../shared/…`) or inside another package.
 */
function isOutsideTheTree(span: string): boolean {
  const segments = span.split('/');
  return (
    segments.some((segment) => SKIPPED_FOLDERS.has(segment) || segment === 'assets') ||
    (/^[A-Z][A-Z0-9_]*$/.test(segments[0]) && segments.length > 1) ||
    span.startsWith('../') ||
    (span.startsWith('@') && !span.startsWith('@zaytoon/'))
  );
}

/** Every backticked path that does not exist and every backticked identifier no code declares, in one doc. */
export function checkDoc(tree: Tree, doc: string, text: string): Problem[] {
  const problems: Problem[] = [];
  let inFence = false;
  text.split('\n').forEach((lineText, index) => {
    if (/^\s*```/.test(lineText)) {
      inFence = !inFence;
      return;
    }
    if (inFence) return;
    for (const match of lineText.replace(/`[^`\n]*`/g, ' ').matchAll(/\b([A-Z][A-Z0-9_]{2,}\.[a-z]\w*)\b/g)) {
      if (tree.constantFiles.has(match[1].split('.')[0]) && !identifierExists(tree, match[1])) {
        problems.push({ doc, line: index + 1, text: match[1], reason: 'declared nowhere in the code' });
      }
    }
    problems.push(...placedNameProblems(tree, doc, lineText, index + 1));
    for (const match of lineText.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1].split('#')[0];
      if (!target || /^[a-z]+:/.test(target)) continue;
      const full = path.posix.normalize(path.posix.join(path.posix.dirname(doc), target)).replace(/\/$/, '');
      if (full.startsWith('../')) continue;
      if (!tree.files.includes(full) && !tree.files.some((file) => file.startsWith(`${full}/`))) {
        problems.push({ doc, line: index + 1, text: match[1], reason: 'the link leads to no file' });
      }
    }
    for (const match of lineText.matchAll(/`([^`\n]+)`/g)) {
      const span = match[1].trim();
      if (NOT_IN_THE_TREE.has(span) || NOT_IN_THE_TREE.has(path.posix.basename(span)) || isOutsideTheTree(span)) continue;
      if (looksLikePath(span)) {
        if (!pathExists(tree, doc, span)) problems.push({ doc, line: index + 1, text: span, reason: 'no such file or folder' });
      } else if (looksLikeIdentifier(span) && !OUTSIDE_NAMES.test(span)) {
        if (!identifierExists(tree, span)) problems.push({ doc, line: index + 1, text: span, reason: 'declared nowhere in the code' });
      }
    }
  });
  return problems;
}

export function checkDocs(tree: Tree, docs = docsOf(tree)): Problem[] {
  return docs.flatMap((doc) => checkDoc(tree, doc, readFileSync(path.join(tree.root, doc), 'utf8')));
}
