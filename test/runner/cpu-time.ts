import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU seconds of this process and of its children that have ended (and theirs), as Linux counts them in
 * /proc/self/stat; elsewhere this process's own. A child still running (esbuild's service) is not counted yet.
 */
export function cpuSeconds(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime (fields 14 to 17 of proc(5)), in ticks of 1/100 s.
    return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
  } catch {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  }
}

/** utime + stime + cutime + cstime of a process, in seconds, and its parent; undefined once it has gone. */
function statOf(pid: string): { cpu: number; parent: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { cpu: fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100, parent: fields[1]! };
  } catch {
    return undefined;
  }
}

/**
 * `cpuSeconds` plus what the processes this one started and that still run have used (theirs and their ended
 * children's): a Chromium kept open across test files, with its renderers, is most of a browser test's cost.
 * Elsewhere than Linux, `cpuSeconds`.
 */
export function treeCpuSeconds(): number {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return cpuSeconds();
  }
  const children = new Map<string, { pid: string; cpu: number }[]>();
  for (const pid of entries) {
    const stat = statOf(pid);
    if (!stat) continue;
    const siblings = children.get(stat.parent) ?? [];
    siblings.push({ pid, cpu: stat.cpu });
    children.set(stat.parent, siblings);
  }
  let total = cpuSeconds();
  const pending = [String(process.pid)];
  for (let pid = pending.pop(); pid !== undefined; pid = pending.pop())
    for (const child of children.get(pid) ?? []) {
      total += child.cpu;
      pending.push(child.pid);
    }
  return total;
}
