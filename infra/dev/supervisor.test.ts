import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManagedProcess, Supervisor, isRunning } from './supervisor';

const node = (code: string) => ({ name: 'child', command: process.execPath, args: ['-e', code] });

describe('ManagedProcess', () => {
  it('waits for an output line and reports the exit', async () => {
    const proc = new ManagedProcess(node('console.log("warming up"); setTimeout(() => console.log("Ready now"), 100)'));
    expect(await proc.waitForOutput(/Ready/, 5000)).toBe('Ready now');
    expect(await proc.exited).toEqual({ code: 0, signal: null });
  });

  it('hands its tail and listeners the lines without colours', async () => {
    const proc = new ManagedProcess(node('console.log("\\x1b[32m✓\\x1b[39m 3 passed \\x1b[2m(1s)\\x1b[22m")'));
    expect(await proc.waitForOutput(/passed/, 5000)).toBe('✓ 3 passed (1s)');
    await proc.exited;
    expect(proc.tail).toEqual(['✓ 3 passed (1s)']);
  });

  it('rejects waitForOutput when the process exits first', async () => {
    const proc = new ManagedProcess(node('process.exit(3)'));
    await expect(proc.waitForOutput(/never/, 5000)).rejects.toThrow(/exit code 3/);
  });

  it('stops a process with SIGTERM, and its own children with it', async () => {
    const proc = new ManagedProcess(
      node(
        `const c = require('child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); console.log('grandchild ' + c.pid); setInterval(() => {}, 1000)`,
      ),
    );
    const grandchild = Number((await proc.waitForOutput(/grandchild/, 5000)).split(' ')[1]);
    await proc.stop(2000);
    expect(proc.exit?.signal).toBe('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    expect(isRunning(grandchild)).toBe(false);
  });

  it('escalates to SIGKILL when SIGTERM is ignored', async () => {
    const proc = new ManagedProcess(
      node(`process.on('SIGTERM', () => console.log('SIGTERM ignored')); console.log('up'); setInterval(() => {}, 1000)`),
    );
    await proc.waitForOutput(/up/, 5000);
    const stopping = proc.stop(300);
    expect(await proc.waitForOutput(/SIGTERM ignored/, 10_000)).toBe('SIGTERM ignored');
    await stopping;
    expect(proc.exit?.signal).toBe('SIGKILL');
  });
});

describe('Supervisor restarts', () => {
  const starts = (file: string) => {
    try {
      return readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
    } catch {
      return 0;
    }
  };
  const waitUntil = async (check: () => boolean, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('starts a crashed service again with a growing delay, keeps the others running, and stops restarting on shutdown', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'supervisor-'));
    const log = join(dir, 'starts.log');
    const supervisor = new Supervisor(undefined, 100);
    try {
      const steady = supervisor.start(node('setInterval(() => {}, 1000)'), { restart: true });
      supervisor.start(
        {
          ...node(`require('fs').appendFileSync(${JSON.stringify(log)}, Date.now() + '\\n'); setTimeout(() => process.exit(1), 20)`),
          name: 'crasher',
        },
        { restart: true },
      );
      await waitUntil(() => starts(log) >= 4, 5_000);
      const times = readFileSync(log, 'utf8').split('\n').filter(Boolean).map(Number);
      // 100 ms, 200 ms, then 400 ms after a crash before the next start: the waits grow.
      expect(times[3] - times[2]).toBeGreaterThanOrEqual(400);
      expect(steady.exit).toBeUndefined();
      await supervisor.stopAll();
      const after = starts(log);
      await new Promise((r) => setTimeout(r, 600));
      expect(starts(log)).toBe(after);
      expect(steady.exit).toBeDefined();
    } finally {
      await supervisor.stopAll();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
