// API and worker processes that a browser-test file starts and stops itself (beside the stack under
// test), run from source as `npm start` runs them; killed on exit whatever happens.
import { ManagedProcess } from '../../dev/supervisor';
import { repoRoot } from './preview';

const ENTRY = { api: 'services/api/src/main.ts', worker: 'services/worker/src/main.ts' } as const;
const running = new Set<ManagedProcess>();
process.once('exit', () => {
  for (const proc of running) proc.kill();
});

export function startServerProcess(name: string, kind: keyof typeof ENTRY, env: Record<string, string>): ManagedProcess {
  const proc = new ManagedProcess({
    name,
    command: process.execPath,
    args: ['--import', 'tsx', ENTRY[kind]],
    cwd: repoRoot,
    env,
    show: (line) => /error|exception|fail/i.test(line),
  });
  running.add(proc);
  void proc.exited.then(() => running.delete(proc));
  return proc;
}
