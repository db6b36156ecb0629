import { readdirSync, readFileSync } from 'node:fs';

/**
 * This process's child processes (on Linux, from /proc; elsewhere none can be listed and none are waited for).
 * The only one docs-it starts and leaves running is esbuild's service, which bundles the CLI, transpiles the
 * config and bundles the client; worker threads are threads, gone with the process.
 */
export function childProcesses(): number[] {
  // Each thread's children, where the kernel lists them; else every process's parent, read one by one.
  let tasks: string[];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return [];
  }
  try {
    return tasks.flatMap((task) =>
      readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return childrenFromStat(process.pid);
  }
}

function childrenFromStat(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return children;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Past this, a child that did not end when asked is killed (a hang guard; esbuild ends at once). */
const graceMs = 5000;

/**
 * Ends the child processes before the CLI exits: esbuild's service is asked to stop, and the CLI waits until
 * every child has ended (and was reaped, so none is left as a zombie either). Without this, the service
 * outlived the CLI for a moment after every command, and a caller that waits for the command's whole process
 * group (a CI step, a test) found it still there.
 */
export async function endChildProcesses(): Promise<void> {
  if (childProcesses().length === 0) return;
  const { stop } = await import('esbuild');
  await stop();
  const start = performance.now();
  let killed = false;
  for (;;) {
    const left = childProcesses();
    if (left.length === 0) return;
    if (!killed && performance.now() - start > graceMs) {
      killed = true;
      for (const pid of left) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Ended meanwhile.
        }
      }
    } else if (killed && performance.now() - start > 2 * graceMs) return;
    // Node reaps a child it started when its exit is noticed, between two turns of the event loop.
    await sleep(5);
  }
}
