/**
 * Resident memory of the stack's processes, from /proc/<pid>/status (VmRSS). Postgres is a family of
 * processes (postmaster, one backend a connection, background workers): it is measured as the postmaster
 * plus all its children, which counts shared buffers once per process that touched them.
 */
import { readdirSync, readFileSync } from 'node:fs';

export function rssKb(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : 0;
}

export function parentOf(pid: number): number | undefined {
  try {
    // The command name (field 2) may hold spaces and parentheses: the parent pid follows the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** The process and its direct children (Postgres backends are children of the postmaster). */
export function familyRssKb(pid: number): number {
  let total = rssKb(pid);
  for (const entry of readdirSync('/proc')) {
    const child = Number(entry);
    if (!Number.isInteger(child) || parentOf(child) !== pid) continue;
    try {
      total += rssKb(child);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

export interface Watched {
  name: string;
  read: () => number;
}

/** The median of `samples` readings one second apart, per process (one reading is one GC's luck). */
export async function sampleRss(processes: Watched[], samples = 5): Promise<Map<string, number>> {
  const readings = new Map<string, number[]>(processes.map((proc) => [proc.name, []]));
  for (let i = 0; i < samples; i++) {
    if (i) await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const proc of processes) readings.get(proc.name)!.push(proc.read());
  }
  return new Map([...readings].map(([name, values]) => [name, values.sort((a, b) => a - b)[Math.floor(values.length / 2)]]));
}
