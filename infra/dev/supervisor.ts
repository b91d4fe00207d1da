// Process supervisor: spawns children with prefixed log lines, stops them all on
// Ctrl-C/SIGTERM (SIGTERM to each child's process group, SIGKILL after a timeout),
// runs cleanups (redis, embedded Postgres) last, and shuts everything down with a
// non-zero exit when a long-running child dies on its own.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import { log, prefixed } from './log';

export interface ProcessSpec {
  name: string;
  command: string;
  args: string[];
  cwd?: string;
  /** Added to the parent's environment. */
  env?: Record<string, string>;
  /** Higher stages stop first; infrastructure (redis) uses 0, applications 1. */
  stage?: number;
  /** Called with every output line (colours stripped), e.g. to collect test counts. */
  onLine?: (line: string) => void;
  /** Which output lines to show (all by default); hidden ones still count for waitForOutput and the tail. */
  show?: (line: string) => boolean;
  /** Run as this user/group (root only), e.g. Postgres, which refuses to run as root. */
  uid?: number;
  gid?: number;
  /** Polite stop signal; SIGTERM unless the program prefers another (Postgres: SIGINT = fast shutdown). */
  stopSignal?: NodeJS.Signals;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

const TAIL_LINES = 200;
const STOP_TIMEOUT_MS = Number(process.env.STOP_TIMEOUT_MS || 10_000);

export class ManagedProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<Exit>;
  readonly tail: string[] = [];
  exit?: Exit;
  private listeners = new Set<(line: string) => void>();

  constructor(readonly spec: ProcessSpec) {
    const env = { ...process.env, ...spec.env };
    if (process.stdout.isTTY && env.FORCE_COLOR === undefined && !env.NO_COLOR) env.FORCE_COLOR = '1';
    // detached: the child leads its own process group, so stopping it also stops
    // whatever it spawned (npx, turbo's tasks, sandboxed job processors).
    this.child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(spec.uid !== undefined ? { uid: spec.uid, gid: spec.gid } : {}),
    });
    const out = prefixed(spec.name);
    const err = prefixed(spec.name, process.stderr);
    const onLine = (print: (line: string) => void) => (line: string) => {
      // Vitest, turbo and friends colour their own output; summaries and listeners read it without colours.
      const plain = stripVTControlCharacters(line);
      if (!spec.show || spec.show(plain)) print(line);
      this.tail.push(plain);
      if (this.tail.length > TAIL_LINES) this.tail.shift();
      spec.onLine?.(plain);
      for (const listener of this.listeners) listener(plain);
    };
    createInterface({ input: this.child.stdout! }).on('line', onLine(out));
    createInterface({ input: this.child.stderr! }).on('line', onLine(err));
    this.exited = new Promise((resolve) => {
      this.child.on('error', (error) => {
        err(`failed to start: ${error.message}`);
        this.exit = { code: 127, signal: null };
        resolve(this.exit);
      });
      this.child.on('exit', (code, signal) => {
        this.exit = { code, signal };
        resolve(this.exit);
      });
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Resolves with the first output line matching `pattern`; rejects on exit or timeout. */
  waitForOutput(pattern: RegExp, timeoutMs: number): Promise<string> {
    const seen = this.tail.find((line) => pattern.test(line));
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        this.listeners.delete(listener);
      };
      const listener = (line: string) => {
        if (pattern.test(line)) {
          done();
          resolve(line);
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`${this.spec.name}: no output matching ${pattern} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.listeners.add(listener);
      this.exited.then((exit) => {
        done();
        reject(new Error(`${this.spec.name} exited (${describeExit(exit)}) before printing ${pattern}`));
      });
    });
  }

  signal(signal: NodeJS.Signals): void {
    if (this.exit || !this.child.pid) return;
    try {
      process.kill(-this.child.pid, signal);
    } catch {
      try {
        this.child.kill(signal);
      } catch {
        /* already gone */
      }
    }
  }

  /** The stop signal (SIGTERM) to the process group, SIGKILL if it is still there after the timeout. */
  async stop(timeoutMs = STOP_TIMEOUT_MS): Promise<void> {
    if (this.exit) return;
    this.signal(this.spec.stopSignal ?? 'SIGTERM');
    const timer = setTimeout(() => {
      log.warn(`${this.spec.name} did not stop within ${timeoutMs} ms; sending SIGKILL`);
      this.signal('SIGKILL');
    }, timeoutMs);
    await this.exited;
    clearTimeout(timer);
    // Children that ignored SIGTERM while their leader exited still get cleaned up.
    if (this.child.pid) {
      try {
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        /* group already empty */
      }
    }
  }

  kill(): void {
    this.signal('SIGKILL');
  }
}

export function describeExit(exit: Exit): string {
  return exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`;
}

interface Cleanup {
  name: string;
  stage: number;
  run: () => Promise<void>;
}

export interface StartOptions {
  /**
   * Start it again after an unexpected exit, waiting 1 s, 2 s, 4 s … (at most 30 s; back to 1 s once it has
   * run for a minute), instead of stopping everything: one crashed app must not take the others down.
   */
  restart?: boolean;
}

const RESTART_MAX_DELAY_MS = 30_000;
const RESTART_RESET_AFTER_MS = 60_000;

/** Starts a process: under the supervisor for `npm start`/`npm test`, or owned by a test (`unsupervised`). */
export type Starter = (spec: ProcessSpec) => ManagedProcess;

export function superviseWith(supervisor: Supervisor, restart: boolean): Starter {
  return (spec) => supervisor.start(spec, { restart });
}

/** A process the caller alone stops and starts (fault tests kill and restart Redis and Postgres). */
export const unsupervised: Starter = (spec) => new ManagedProcess(spec);

/** Processes a helper starts with their output hidden and stops together (a test's or a bench's own nginx). */
export function quietProcesses(): { start: Starter; stopAll: () => Promise<void> } {
  const processes: ManagedProcess[] = [];
  return {
    start: (spec) => {
      const proc = new ManagedProcess({ ...spec, show: () => false });
      processes.push(proc);
      return proc;
    },
    stopAll: async () => void (await Promise.all(processes.map((proc) => proc.stop()))),
  };
}

export class Supervisor {
  private services: ManagedProcess[] = [];
  private tasks = new Set<ManagedProcess>();
  private cleanups: Cleanup[] = [];
  private stopping?: Promise<void>;
  private exitHooks: ((code: number) => void)[] = [];
  private restartsInARow = new Map<string, number>();
  private restartTimers = new Set<NodeJS.Timeout>();

  /**
   * runDir keeps the pids of running services so a later start can stop leftovers of a killed run;
   * restartBaseMs is the first restart delay (tests shorten it).
   */
  constructor(
    private readonly runDir?: string,
    private readonly restartBaseMs = 1000,
  ) {
    // Last resort if we exit without stopping (an uncaught exception): children must not outlive us.
    process.on('exit', () => {
      for (const proc of [...this.services, ...this.tasks]) proc.signal(proc.spec.stopSignal ?? 'SIGTERM');
    });
  }

  /** Starts a long-running service; if it exits before shutdown, it is restarted or everything stops with exit code 1. */
  start(spec: ProcessSpec, options: StartOptions = {}): ManagedProcess {
    if (this.stopping) throw new Error(`shutting down; not starting ${spec.name}`);
    const proc = new ManagedProcess(spec);
    const startedAt = Date.now();
    this.services.push(proc);
    this.recordPid(proc);
    proc.exited.then((exit) => {
      this.forgetPid(proc);
      this.services = this.services.filter((service) => service !== proc);
      if (this.stopping) return;
      if (!options.restart) {
        log.error(`${spec.name} exited unexpectedly (${describeExit(exit)}); stopping everything`);
        void this.shutdown(1);
        return;
      }
      const inARow = Date.now() - startedAt >= RESTART_RESET_AFTER_MS ? 0 : (this.restartsInARow.get(spec.name) ?? 0);
      this.restartsInARow.set(spec.name, inARow + 1);
      const delay = Math.min(RESTART_MAX_DELAY_MS, this.restartBaseMs * 2 ** inARow);
      log.warn(`${spec.name} exited unexpectedly (${describeExit(exit)}); restarting it in ${delay / 1000} s (restart ${inARow + 1} in a row)`);
      const timer = setTimeout(() => {
        this.restartTimers.delete(timer);
        if (!this.stopping) this.start(spec, options);
      }, delay);
      this.restartTimers.add(timer);
    });
    return proc;
  }

  /** Runs a command to completion (build, test run); it is killed if we shut down meanwhile. */
  async run(spec: ProcessSpec): Promise<Exit> {
    if (this.stopping) throw new Error(`shutting down; not running ${spec.name}`);
    const proc = new ManagedProcess({ stage: 2, ...spec });
    this.tasks.add(proc);
    const exit = await proc.exited;
    this.tasks.delete(proc);
    return exit;
  }

  /** Registers an async cleanup (e.g. stopping embedded Postgres); higher stages run first. */
  addCleanup(name: string, run: () => Promise<void>, stage = 0): void {
    this.cleanups.push({ name, run, stage });
  }

  installSignalHandlers(): void {
    const codes: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
    let firstSignalAt = 0;
    for (const [signal, code] of Object.entries(codes) as [NodeJS.Signals, number][]) {
      process.on(signal, () => {
        // One Ctrl-C often arrives twice within milliseconds (the terminal signals the whole
        // foreground group, and npm/tsx relay it too): only a later one means "force".
        if (this.stopping && Date.now() - firstSignalAt < 1000) return;
        if (this.stopping) {
          log.warn(`${signal} again: killing every child now`);
          for (const proc of [...this.services, ...this.tasks]) proc.kill();
          process.exit(code);
        }
        firstSignalAt = Date.now();
        log.info(`${signal} received: stopping everything (press Ctrl-C again to force)`);
        void this.shutdown(code);
      });
    }
  }

  /** Stops every child and cleanup, in stage order. Safe to call more than once. */
  stopAll(): Promise<void> {
    this.stopping ??= (async () => {
      for (const timer of this.restartTimers) clearTimeout(timer);
      this.restartTimers.clear();
      const items: { name: string; stage: number; stop: () => Promise<void> }[] = [
        ...[...this.services, ...this.tasks].map((proc) => ({ name: proc.spec.name, stage: proc.spec.stage ?? 1, stop: () => proc.stop() })),
        ...this.cleanups.map((cleanup) => ({ name: cleanup.name, stage: cleanup.stage, stop: cleanup.run })),
      ];
      const stages = [...new Set(items.map((item) => item.stage))].sort((a, b) => b - a);
      for (const stage of stages) {
        await Promise.all(
          items
            .filter((item) => item.stage === stage)
            .map((item) => item.stop().catch((error) => log.error(`stopping ${item.name} failed: ${error?.message ?? error}`))),
        );
      }
    })();
    return this.stopping;
  }

  /** Runs once everything is stopped, just before the process exits (e.g. print a summary). */
  beforeExit(hook: (code: number) => void): void {
    this.exitHooks.push(hook);
  }

  async shutdown(code: number): Promise<never> {
    await this.stopAll();
    log.info(`all processes stopped${code ? ` (exit code ${code})` : ''}`);
    for (const hook of this.exitHooks.splice(0)) hook(code);
    process.exit(code);
  }

  get isStopping(): boolean {
    return this.stopping !== undefined;
  }

  // ---- leftovers of a run that was killed with SIGKILL -------------------------------------------

  private pidFile(proc: ManagedProcess): string | undefined {
    return this.runDir && proc.pid ? join(this.runDir, `${proc.spec.name.replace(/[^\w.-]/g, '_')}.pid.json`) : undefined;
  }

  private recordPid(proc: ManagedProcess): void {
    const file = this.pidFile(proc);
    if (!file || !proc.pid) return;
    mkdirSync(this.runDir!, { recursive: true });
    writeFileSync(file, JSON.stringify({ pid: proc.pid, started: processStartTime(proc.pid) }));
  }

  private forgetPid(proc: ManagedProcess): void {
    const file = this.pidFile(proc);
    if (file) rmSync(file, { force: true });
  }

  /** Stops services left running by an earlier run of this DATA_DIR that was killed hard. */
  async reapLeftovers(): Promise<void> {
    if (!this.runDir || !existsSync(this.runDir)) return;
    for (const entry of readdirSync(this.runDir).filter((name) => name.endsWith('.pid.json'))) {
      const file = join(this.runDir, entry);
      try {
        const { pid, started } = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; started?: string };
        // Same pid and same start time: the very process we started, not a reused pid.
        if (started && processStartTime(pid) === started) {
          log.warn(`stopping ${entry.replace('.pid.json', '')} (pid ${pid}) left running by an earlier run`);
          await killGroup(pid);
        }
      } catch {
        /* unreadable record: ignore */
      }
      rmSync(file, { force: true });
    }
  }
}

/** Start time in clock ticks since boot (Linux /proc); undefined elsewhere or when gone. */
function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** Running, and not a zombie waiting for a parent that will never reap it. */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    if (existsSync('/proc/self/stat')) return false;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function killGroup(pid: number, timeoutMs = STOP_TIMEOUT_MS): Promise<void> {
  const send = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      try {
        process.kill(pid, signal);
      } catch {
        /* gone */
      }
    }
  };
  send('SIGTERM');
  const deadline = Date.now() + timeoutMs;
  while (isRunning(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (isRunning(pid)) send('SIGKILL');
}
