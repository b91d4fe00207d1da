import { describe, expect, it } from 'vitest';
import { ManagedProcess, isRunning } from './supervisor';

const node = (code: string) => ({ name: 'child', command: process.execPath, args: ['-e', code] });

describe('ManagedProcess', () => {
  it('waits for an output line and reports the exit', async () => {
    const proc = new ManagedProcess(node('console.log("warming up"); setTimeout(() => console.log("Ready now"), 100)'));
    expect(await proc.waitForOutput(/Ready/, 5000)).toBe('Ready now');
    expect(await proc.exited).toEqual({ code: 0, signal: null });
  });

  it('rejects waitForOutput when the process exits first', async () => {
    const proc = new ManagedProcess(node('process.exit(3)'));
    await expect(proc.waitForOutput(/never/, 5000)).rejects.toThrow(/exit code 3/);
  });

  it('stops a process with SIGTERM, and its own children with it', async () => {
    const proc = new ManagedProcess(
      node(`const c = require('child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); console.log('grandchild ' + c.pid); setInterval(() => {}, 1000)`),
    );
    const grandchild = Number((await proc.waitForOutput(/grandchild/, 5000)).split(' ')[1]);
    await proc.stop(2000);
    expect(proc.exit?.signal).toBe('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    expect(isRunning(grandchild)).toBe(false);
  });

  it('escalates to SIGKILL when SIGTERM is ignored', async () => {
    const proc = new ManagedProcess(node(`process.on('SIGTERM', () => {}); console.log('up'); setInterval(() => {}, 1000)`));
    await proc.waitForOutput(/up/, 5000);
    const started = Date.now();
    await proc.stop(300);
    expect(proc.exit?.signal).toBe('SIGKILL');
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
