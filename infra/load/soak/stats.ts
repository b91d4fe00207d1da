/**
 * Per-call figures of the soak: every request is timed and judged against the statuses the scenario
 * expects of it (any 2xx unless told otherwise). An unexpected status or a request that got no answer
 * is an error; an expected 4xx (a deliberately invalid write) is counted apart.
 */
import { performance } from 'node:perf_hooks';
import type { Answer } from '../../e2e/jobs/api-client';
import { percentile } from '../bench-stack';

/**
 * The statuses a call may answer without it being an error: any 2xx, one status, or any 2xx or one refusal the
 * scenario cannot foresee (a paused business's 423), which the caller then proves was due.
 */
export type Expect = 'ok' | number | { okOr: number };

interface CallFigures {
  latencies: number[];
  errors: number;
  /** Expected non-2xx answers (the scenario's invalid writes). */
  refused: number;
  samples: string[];
}

export interface CallRow {
  call: string;
  requests: number;
  'req/s': string;
  'p50 ms': string;
  'p99 ms': string;
  'expected 4xx': number;
  errors: number;
}

export interface Timed {
  ok: boolean;
  answer?: Answer;
}

const MAX_SAMPLES = 5;

export class CallStats {
  private readonly calls = new Map<string, CallFigures>();
  /** When each error happened (a burst of them beside a busy machine tells its own story). */
  private readonly errorTimes: number[] = [];

  private figures(name: string): CallFigures {
    let figures = this.calls.get(name);
    if (!figures) this.calls.set(name, (figures = { latencies: [], errors: 0, refused: 0, samples: [] }));
    return figures;
  }

  /**
   * Runs one request and records it under `name`: `ok` when its status was the expected one; `answer` is
   * missing when none came (the outcome of such a write is unknown). Errors keep a sample of what came back.
   */
  async time(name: string, expect: Expect, request: () => Promise<Answer>): Promise<Timed> {
    const figures = this.figures(name);
    const started = performance.now();
    let answer: Answer;
    try {
      answer = await request();
    } catch (error) {
      figures.latencies.push(performance.now() - started);
      this.error(name, `no answer: ${(error as Error).cause ?? (error as Error).message}`);
      return { ok: false };
    }
    figures.latencies.push(performance.now() - started);
    const success = answer.status >= 200 && answer.status < 300;
    const wanted = expect === 'ok' ? success : typeof expect === 'number' ? answer.status === expect : success || answer.status === expect.okOr;
    if (!wanted) {
      const described = expect === 'ok' ? '2xx' : typeof expect === 'number' ? expect : `2xx or ${expect.okOr}`;
      this.error(name, `${answer.status} (expected ${described}): ${JSON.stringify(answer.body).slice(0, 200)}`);
      return { ok: false, answer };
    }
    if (answer.status >= 300) figures.refused++;
    return { ok: true, answer };
  }

  /** An error outside a timed request (e.g. an answer without the id it should carry). */
  error(name: string, detail: string): void {
    const figures = this.figures(name);
    figures.errors++;
    this.errorTimes.push(Date.now());
    if (figures.samples.length < MAX_SAMPLES) figures.samples.push(detail);
  }

  get totalErrors(): number {
    return [...this.calls.values()].reduce((sum, figures) => sum + figures.errors, 0);
  }

  get totalRequests(): number {
    return [...this.calls.values()].reduce((sum, figures) => sum + figures.latencies.length, 0);
  }

  rows(seconds: number): CallRow[] {
    const rows = [...this.calls.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([call, figures]) => {
        const sorted = [...figures.latencies].sort((a, b) => a - b);
        return {
          call,
          requests: sorted.length,
          'req/s': (sorted.length / seconds).toFixed(2),
          'p50 ms': percentile(sorted, 50).toFixed(1),
          'p99 ms': percentile(sorted, 99).toFixed(1),
          'expected 4xx': figures.refused,
          errors: figures.errors,
        };
      });
    const all = [...this.calls.values()].flatMap((figures) => figures.latencies).sort((a, b) => a - b);
    rows.push({
      call: 'ALL',
      requests: all.length,
      'req/s': (all.length / seconds).toFixed(2),
      'p50 ms': percentile(all, 50).toFixed(1),
      'p99 ms': percentile(all, 99).toFixed(1),
      'expected 4xx': rows.reduce((sum, row) => sum + row['expected 4xx'], 0),
      errors: this.totalErrors,
    });
    return rows;
  }

  /** "minute: count" for each minute of the load (from `since`) that had errors. */
  errorsByMinute(since: number): string {
    const minutes = new Map<number, number>();
    for (const time of this.errorTimes) {
      const minute = Math.floor((time - since) / 60_000) + 1;
      minutes.set(minute, (minutes.get(minute) ?? 0) + 1);
    }
    return [...minutes].map(([minute, count]) => `minute ${minute}: ${count}`).join(', ');
  }

  errorSamples(): string[] {
    return [...this.calls.entries()].flatMap(([call, figures]) => figures.samples.map((sample) => `${call}: ${sample}`));
  }
}
