import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDoc, checkDocs, docsOf, readTree, type Problem } from './doc-references';

const root = new URL('../..', import.meta.url).pathname;
const tree = readTree(root);
const listed = (problems: Problem[]) => problems.map((problem) => `${problem.doc}:${problem.line} \`${problem.text}\`: ${problem.reason}`);

describe('the docs name only files and exports that exist', () => {
  it('reads the README, docs/ and every workspace README', () => {
    const docs = docsOf(tree);
    expect(docs).toContain('README.md');
    expect(docs).toContain('docs/architecture.md');
    expect(docs).toContain('docs/decisions/README.md');
    const workspaces = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
    const readmes = workspaces.map((workspace) => `${workspace}/README.md`).filter((readme) => tree.files.includes(readme));
    expect(readmes.length).toBeGreaterThan(3);
    for (const readme of readmes) expect(docs).toContain(readme);
    expect(docs).toContain('infra/k8s/README.md');
  });

  it('every backticked path and identifier of every doc exists', () => {
    expect(listed(checkDocs(tree))).toEqual([]);
  });

  it('architecture.md names every workspace and every entry point the lint allows', () => {
    const architecture = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
    const workspaces = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
    const lint = readFileSync(path.join(root, 'eslint.config.js'), 'utf8');
    const entryPoints = [...(/const PUBLIC_ENTRY_POINTS = \[([^\]]*)\]/.exec(lint)?.[1] ?? '').matchAll(/'([^']+)'/g)].map((match) => match[1]);
    expect(entryPoints.length).toBeGreaterThan(5);
    const unnamed = [...workspaces, ...entryPoints].filter((name) => !architecture.includes(`\`${name}\``));
    expect(unnamed).toEqual([]);
  });

  it("the README's layout names every workspace", () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const workspaces = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
    expect(workspaces.filter((workspace) => !new RegExp(`^${workspace}/ `, 'm').test(readme))).toEqual([]);
  });

  it('environment.md lists every variable the servers read in their config loaders', () => {
    const environment = readFileSync(path.join(root, 'docs/environment.md'), 'utf8');
    const loaders = ['services/core/src/config/config.ts', 'infra/dev/config.ts', 'infra/frontdoor/container.ts'];
    // `env.NAME`, `env['NAME']`, and the keys of the zod schema the servers parse their environment with (`NAME: z…`).
    const reads = /\benv\.([A-Z][A-Z0-9_]+)|\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]|^\s+([A-Z][A-Z0-9]*_[A-Z0-9_]+|[A-Z]{4,}):/gm;
    const read = new Set(
      loaders.flatMap((file) => [...readFileSync(path.join(root, file), 'utf8').matchAll(reads)].map((match) => match[1] ?? match[2] ?? match[3])),
    );
    expect(read.size).toBeGreaterThan(60);
    expect([...read].filter((name) => !environment.includes(`\`${name}\``))).toEqual([]);
  });
});

describe('the check itself', () => {
  const check = (doc: string, text: string) => listed(checkDoc(tree, doc, text));

  it('refuses a workspace README naming a file its workspace no longer has, though another workspace has one', () => {
    expect(check('mfe-directory/README.md', 'The shell hands over toasts (`src/host.tsx`).')).toEqual([
      'mfe-directory/README.md:1 `src/host.tsx`: no such file or folder',
    ]);
    expect(check('services/web-kit/README.md', '`src/host.tsx`')).toEqual([]);
  });

  it('refuses a member a constant no longer has, in backticks or not', () => {
    expect(check('mfe-directory/README.md', '300 ms after the last change (LIMITS.searchDebounceMs)')).toEqual([
      'mfe-directory/README.md:1 `LIMITS.searchDebounceMs`: declared nowhere in the code',
    ]);
    expect(check('mfe-directory/README.md', '(`DIRECTORY_LIMITS.searchDebounceMs`)')).toEqual([]);
  });

  it('refuses a deleted file by its bare name, and a path under a placeholder that matches nothing', () => {
    expect(check('mfe-directory/README.md', 'the other screens with their styles (`screens.css`)')).toEqual([
      'mfe-directory/README.md:1 `screens.css`: no such file or folder',
    ]);
    expect(check('README.md', '`services/core/src/<domain>/<domain>.handler.ts`')).toHaveLength(1);
    expect(check('README.md', '`services/core/src/<domain>/<domain>.service.ts`, `<app>/src/i18n/locales/{en,ar}.json`')).toEqual([]);
  });

  it('refuses an export that is declared nowhere, and lets build output, run-time folders and URLs pass', () => {
    expect(check('docs/architecture.md', 'the kit exports `useHostBridgeV2`')).toHaveLength(1);
    expect(check('docs/architecture.md', '`services/api/dist/main.js`, `DATA_DIR/nginx/<name>/`, `/api/businesses/{id}`, `afterCommit()`')).toEqual(
      [],
    );
  });

  it('refuses a name placed in a file that does not hold it', () => {
    expect(check('docs/architecture.md', 'aggregated by `cityStats` in `businesses.repository.ts`')).toEqual([]);
    expect(check('docs/architecture.md', 'aggregated by `cityStats` in `users.repository.ts`')).toEqual([
      'docs/architecture.md:1 `cityStats in users.repository.ts`: the file does not declare it',
    ]);
    expect(check('docs/architecture.md', 'limited by the front door (`nginx-config.ts` (`DIRECTORY_LIMITS`))')).toHaveLength(1);
  });

  it('refuses a link to a file that is gone', () => {
    expect(check('README.md', 'where both are silent, in [docs/decisions.md](docs/decisions.md).')).toEqual([
      'README.md:1 `docs/decisions.md`: the link leads to no file',
    ]);
    expect(check('infra/README.md', '[docs/environment.md](../docs/environment.md#the-servers), [site](https://example.org/x)')).toEqual([]);
  });

  it('skips what code fences hold', () => {
    expect(check('README.md', '```sh\nnpm run no-such-script.ts\n```')).toEqual([]);
  });
});
