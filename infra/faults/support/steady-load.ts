// A steady stream of calls (one of each every `everyMs`), each answer recorded with its time and duration, so a
// fault test can say what clients saw before, during and after a fault. A call that gets no answer within the
// client's timeout is recorded as 'timeout' (a hang), one that fails below HTTP as 'network'.
import type { Answer } from '../../e2e/jobs/api-client';

export interface Call {
  name: string;
  run: () => Promise<Answer>;
}

export interface Sample {
  call: string;
  /** When the call was sent (ms since the epoch). */
  at: number;
  ms: number;
  status: number | 'timeout' | 'network';
}

export class SteadyLoad {
  private readonly samples: Sample[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly calls: Call[],
    private readonly everyMs: number,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      for (const call of this.calls) this.send(call);
    }, this.everyMs);
  }

  /** Stops sending, waits for the answers still due, and returns every sample. */
  async stop(): Promise<Sample[]> {
    clearInterval(this.timer);
    await Promise.all(this.inFlight);
    return this.samples;
  }

  private send(call: Call): void {
    const at = Date.now();
    const sent = call
      .run()
      .then(
        (answer) => answer.status,
        (error: Error) => (error.name === 'TimeoutError' || error.name === 'AbortError' ? 'timeout' : 'network') as Sample['status'],
      )
      .then((status) => {
        this.samples.push({ call: call.name, at, ms: Date.now() - at, status });
      });
    this.inFlight.add(sent);
    void sent.finally(() => this.inFlight.delete(sent));
  }
}

/** The samples of the calls named, sent within [from, to). */
export function samplesOf(samples: Sample[], calls: string[], from: number, to = Infinity): Sample[] {
  return samples.filter((sample) => calls.includes(sample.call) && sample.at >= from && sample.at < to);
}

/** A short, readable account of samples for assertion messages: status × count and the slowest. */
export function describeSamples(samples: Sample[]): string {
  const counts = new Map<string, number>();
  for (const sample of samples) counts.set(`${sample.call} ${sample.status}`, (counts.get(`${sample.call} ${sample.status}`) ?? 0) + 1);
  const slowest = samples.reduce((max, sample) => Math.max(max, sample.ms), 0);
  return `${[...counts].map(([key, count]) => `${key} ×${count}`).join(', ')}; slowest ${slowest} ms`;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
