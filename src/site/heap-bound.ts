/*
 * The build's thread's heap held near what it keeps, through the stages that make much short-lived garbage a page
 * and keep little of it (each page compiled, each route's props made and rendered, each page's search part made).
 *
 * V8 collects its old generation when it reaches a limit set from the heap kept at the last full collection, times a
 * factor that it raises up to 4 when collections are fast compared with the allocation between them. A large site's
 * build keeps a large heap (its model, the output's record of every file), so the limit lies far above what the
 * thread keeps: the garbage that young-generation collections promote (a page's objects living across two of them)
 * piles up to it, and the process's peak is that garbage. A bound collects once the heap has grown by a share of what
 * it kept at the last collection, so the garbage stays proportional to what is kept whatever V8's factor.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

/** The heap's growth past what it kept that a bound lets pass before it collects: a share of it, at least a floor. */
const growthShare = 0.5;
const growthFloor = 64 * 1024 * 1024;

/** Calls between two looks at the heap's size (a look costs a few microseconds). */
const callsPerLook = 32;

let collector: (() => void) | null | undefined;

/**
 * A full collection, or null when this Node refuses to expose one. `--expose-gc` set at run time defines `gc`
 * in contexts made after it (a `vm` context's global), not in the main one, whose globals stay as they were.
 */
function fullCollection(): (() => void) | null {
  if (collector === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      const gc: unknown = vm.runInNewContext('gc');
      collector = typeof gc === 'function' ? (gc as () => void) : null;
    } catch {
      collector = null;
    }
  }
  return collector;
}

const heapUsed = () => v8.getHeapStatistics().used_heap_size;

/** A bound on a thread's heap: `check` as each page goes by. */
export class HeapBound {
  private kept: number;
  private calls = 0;
  /** How many collections the bound made. */
  collections = 0;

  /** `startKept`: what the heap keeps at the start, when known (tests); else what it uses now. */
  constructor(
    private readonly collect: (() => void) | null = fullCollection(),
    private readonly used: () => number = heapUsed,
    startKept?: number,
  ) {
    this.kept = startKept ?? used();
  }

  /** Collects when the heap has grown past the bound since the last collection (V8's own included). */
  check(): void {
    if (!this.collect || ++this.calls % callsPerLook !== 0) return;
    const used = this.used();
    // Below what it kept: V8 collected meanwhile, and what it keeps is at most this.
    if (used < this.kept) this.kept = used;
    if (used < this.kept + Math.max(growthFloor, this.kept * growthShare)) return;
    this.collect();
    this.collections++;
    this.kept = this.used();
  }
}

let shared: HeapBound | undefined;

/**
 * The build's thread's bound, one for all its stages (a collection in one stage sets where the next collects): called
 * as each page is compiled, each route's props made, each route rendered and each page's search part made.
 */
export function boundHeap(): void {
  shared ??= new HeapBound();
  shared.check();
}
