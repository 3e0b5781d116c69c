import { defineConfig } from 'vitest/config';

/**
 * Test tiers: `npm test` runs every project, `npm run test:quick` unit and api only. Projects that
 * start simulators share one PKI per run (test/support/shared-pki.ts).
 */
const SHARED_PKI = ['test/support/shared-pki.ts'];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      { extends: true, test: { name: 'api', include: ['test/api/**/*.test.ts'], globalSetup: SHARED_PKI } },
      { extends: true, test: { name: 'ui', include: ['test/ui/**/*.test.ts'], globalSetup: SHARED_PKI } },
      { extends: true, test: { name: 'build', include: ['test/build/**/*.test.ts'] } },
    ],
  },
});
