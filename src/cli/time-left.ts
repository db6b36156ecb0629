/**
 * How long a stage has left, from how long its first `done` of `total` items took (items alike on average);
 * unknown before the first one is done.
 */
export function timeLeft(done: number, total: number, elapsedMs: number): number | undefined {
  if (done <= 0 || total <= 0) return undefined;
  return (elapsedMs / done) * Math.max(0, total - done);
}

/** `3 s left`, `2 min 5 s left`: whole seconds, rounded up (a second left is not "0 s"). */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return `${seconds} s left`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s left`;
}
