import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './test/support/slow-first-sequencer';

/**
 * Test tiers: `npm test` runs every project, `npm run test:quick` unit and api only. Projects that
 * start simulators share one PKI per run (test/support/shared-pki.ts).
 */
const SHARED_PKI = ['test/support/shared-pki.ts'];
/**
 * Vitest's default is one worker less than the cores: one on a two-core CI machine. The API and UI
 * tests mostly wait (on sockets, Chromium, a trainer's 30-second pauses), so two files at once halve
 * the wall time there without starving either.
 */
const WORKERS = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    maxWorkers: WORKERS,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      { extends: true, test: { name: 'api', include: ['test/api/**/*.test.ts'], globalSetup: SHARED_PKI } },
      { extends: true, test: { name: 'ui', include: ['test/ui/**/*.test.ts'], globalSetup: SHARED_PKI } },
      { extends: true, test: { name: 'build', include: ['test/build/**/*.test.ts'] } },
    ],
  },
});
