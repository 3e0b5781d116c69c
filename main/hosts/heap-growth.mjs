// Plain JavaScript: the command line's launcher (cli/launcher.mjs) runs it before anything can compile TypeScript,
// and the desktop app's main process (main/index.ts) runs the same, as both host the simulator.
import { setFlagsFromString } from 'node:v8';

/**
 * V8 lets the old generation grow to 1.5 times what survived a full collection, not up to four times: under
 * thousands of requests a second the log's queue and each answer live just long enough to be promoted, and at the
 * default the simulator kept a heap several times its live data (docs/benchmarks.md#memory).
 */
const HEAP_GROWING_PERCENT = 50;

/** Call once, as early in the process as can be: a start's own collections then use it too. */
export function limitHeapGrowth() {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
