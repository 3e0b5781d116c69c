import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './test/support/slow-first-sequencer.js';

/**
 * Test tiers: `npm test` runs every project, `npm run test:quick` unit and api only. Projects that
 * start simulators share one PKI per run (test/support/shared-pki.ts).
 */
const SHARED_PKI = ['test/support/shared-pki.ts'];
/**
 * Two files at once, whatever the cores: on CI's two the suite is bound by its CPU, and more files at once
 * only make each file longer and add contention (and timing flakes). On more cores one file per core less one,
 * as Vitest's default.
 */
const WORKERS = Math.max(2, Math.min(8, availableParallelism() - 1));
/**
 * What every project shares. Spread into each project, not inherited (`extends: true` would copy
 * `maxWorkers` into every project, where the command line's `--maxWorkers` no longer reaches it). The
 * timeouts only stop a hung test: with two files per core a test may run on half a core, so they
 * leave it three times the room a test had alone on a core.
 */
const shared = { testTimeout: 60_000, hookTimeout: 60_000, pool: 'forks' } as const;

/**
 * Unit, API and UI files share their worker process (no fresh process and imports per file): the unit and API tiers
 * take about half the CPU they would take isolated, the UI tier about a quarter less. They hold no process state
 * across files; a test that fakes timers, spies or sets an environment variable puts it back (afterEach), and a file
 * stops the simulators and browsers it starts (afterAll).
 */
const processShared = { ...shared, isolate: false } as const;

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      { test: { ...processShared, name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      { test: { ...processShared, name: 'api', include: ['test/api/**/*.test.ts'], globalSetup: SHARED_PKI } },
      { test: { ...processShared, name: 'ui', include: ['test/ui/**/*.test.ts'], globalSetup: SHARED_PKI } },
      { test: { ...shared, name: 'build', include: ['test/build/**/*.test.ts'] } },
    ],
  },
});
