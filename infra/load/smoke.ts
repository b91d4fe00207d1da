/**
 * `--smoke` (or BENCH_SMOKE=1): a benchmark runs tiny and fast (a few seconds, small sizes) so that `npm test`
 * proves it still works. Figures printed in a smoke run mean nothing; what counts is that every request the bench
 * did not expect to fail succeeded. Targets missed are printed and, in a smoke run, do not fail it.
 */
export const SMOKE = process.argv.includes('--smoke') || process.env.BENCH_SMOKE === '1';

const problems: string[] = [];

/** Something the bench did not expect (an error, a non-2xx answer, a crash of its measurement): fails a smoke run. */
export function unexpected(what: string): void {
  problems.push(what);
  console.error(`UNEXPECTED: ${what}`);
}

/** Records `count` unexpected outcomes of `what` (nothing when 0). */
export function expectNone(count: number, what: string): void {
  if (count > 0) unexpected(`${count} × ${what}`);
}

/** 1 when a smoke run saw anything unexpected, else 0 (a full run's own verdict is the bench's business). */
export function smokeExitCode(): number {
  if (!SMOKE) return 0;
  console.log(problems.length ? `\nsmoke run: ${problems.length} unexpected outcome(s)` : '\nsmoke run: nothing unexpected');
  return problems.length ? 1 : 0;
}

/** The value for a full run, or the smoke run's. */
export const full = <T>(fullValue: T, smokeValue: T): T => (SMOKE ? smokeValue : fullValue);
