import { readFileSync } from 'node:fs';

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
