import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, type RouteDefinition } from './routes';
import { buildOpenApiDocument } from './openapi';

const redoclyCli = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin', 'cli.js');

/** Warnings of the recommended rules that stay, each for a reason (docs/decisions/0001-api-contract.md). */
const ACCEPTED_WARNINGS = [
  'info-license', // the project publishes no licence, and the document does not invent one
];
/** Warnings that stay at one place only. */
const ACCEPTED_AT: Record<string, string[]> = {
  // The front door's page lookup answers a 301 or a 404, never a 2xx: nginx serves the page on a 404.
  // An alert mail's List-Unsubscribe link opened in a browser answers a 301 to the site's page, or a 400.
  'operation-2xx-response': ['#/paths/~1api~1businesses~1{id}~1page/get/responses', '#/paths/~1api~1alerts~1unsubscribe/get/responses'],
};
const accepted = (problem: LintProblem) =>
  ACCEPTED_WARNINGS.includes(problem.ruleId) ||
  (problem.location.length > 0 && problem.location.every((place) => ACCEPTED_AT[problem.ruleId]?.includes(place.pointer)));

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

/**
 * Redocly CLI's `lint` with its recommended rules, run on the document written to a file. Offline: telemetry and
 * the update check are off, and the folder holds no redocly.yaml, so nothing but the document is read.
 */
async function lintWithRedocly(document: object): Promise<LintProblem[]> {
  const folder = await mkdtemp(join(tmpdir(), 'zaytoon-openapi-'));
  try {
    await writeFile(join(folder, 'openapi.json'), JSON.stringify(document, null, 2));
    const lint = promisify(execFile)(
      process.execPath,
      [redoclyCli, 'lint', 'openapi.json', '--extends=recommended', '--format=json', '--max-problems=1000'],
      { cwd: folder, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    );
    // lint exits 1 when it finds errors; its report is on stdout either way.
    const { stdout } = await lint.catch((failure: { stdout?: string }) => ({ stdout: failure.stdout ?? '' }));
    return (JSON.parse(stdout) as { problems: LintProblem[] }).problems;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const describeProblem = (problem: LintProblem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`;

describe('OpenAPI document under redocly lint (recommended rules)', () => {
  const document = buildOpenApiDocument('Zaytoon');
  let problems: LintProblem[];

  beforeAll(async () => {
    problems = await lintWithRedocly(document);
  }, 60_000);

  it('has no errors', () => {
    expect(problems.filter((problem) => problem.severity === 'error').map(describeProblem)).toEqual([]);
  });

  it('has no warnings beyond the accepted ones', () => {
    const warnings = problems.filter((problem) => problem.severity === 'warn');
    expect(warnings.filter((problem) => !accepted(problem)).map(describeProblem)).toEqual([]);
  });
});

describe('OpenAPI access marks', () => {
  type Operation = {
    operationId: string;
    security: Record<string, string[]>[];
    description: string;
    tags: string[];
    responses: Record<string, object>;
  };
  const document = buildOpenApiDocument('Zaytoon') as unknown as { paths: Record<string, Record<string, Operation>>; tags: { name: string }[] };
  const operations = Object.values(document.paths).flatMap((pathItem) => Object.values(pathItem));
  const routes = Object.entries(API_ROUTES) as [string, RouteDefinition][];

  it("asks for the session cookie on member and admin calls, for the XSRF header on every write, and for a partner's key alone on partners' calls", () => {
    const schemesOf = (operation: Operation) => operation.security.flatMap((requirement) => Object.keys(requirement));
    const expected = routes.map(([name, { access, method }]) => [
      name,
      access === 'partner' ? ['partnerKey'] : [...(access === 'public' ? [] : ['cookieAuth']), ...(method === 'get' ? [] : ['xsrfHeader'])],
    ]);
    expect(operations.map((operation) => [operation.operationId, schemesOf(operation)])).toEqual(expect.arrayContaining(expected));
    expect(operations).toHaveLength(routes.length);
  });

  it('says admin-only in the description of every admin call', () => {
    const adminOnly = routes.filter(([, { access }]) => access === 'admin').map(([name]) => name);
    const describedAdminOnly = operations
      .filter((operation) => operation.description.startsWith('Admins only'))
      .map((operation) => operation.operationId);
    expect(describedAdminOnly).toEqual(adminOnly);
  });

  it("documents each route's success status as the contract declares it: 201 for the calls that create, 200 for the others", () => {
    const successes = (operation: Operation) => Object.keys(operation.responses).filter((status) => status.startsWith('2'));
    const answered = routes.filter(([, definition]) => !definition.redirect);
    expect(answered.filter(([, definition]) => definition.status === 201).map(([name]) => name)).toEqual(
      expect.arrayContaining(['signup', 'createBusiness', 'addComment', 'addReport', 'createAlert', 'verifyBusiness']),
    );
    const documented = Object.fromEntries(operations.map((operation) => [operation.operationId, successes(operation)]));
    expect(Object.fromEntries(answered.map(([name]) => [name, documented[name]]))).toEqual(
      Object.fromEntries(answered.map(([name, definition]) => [name, [String(definition.status ?? 200)]])),
    );
    expect(operations.find((operation) => operation.operationId === 'createBusiness')?.responses[201]).toMatchObject({ description: 'Created' });
  });

  it('tags every operation with a declared tag', () => {
    const declared = document.tags.map((tag) => tag.name);
    expect(operations.filter((operation) => operation.tags.some((tag) => !declared.includes(tag)))).toEqual([]);
  });
});
