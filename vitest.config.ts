import { cpus } from 'node:os';

import { defineConfig } from 'vitest/config';

// One runner for unit and integration tests across the workspaces; browser journeys run under
// Playwright (see e2e/). `npm test` runs both through scripts/test.mjs.
//
// Workers: one per core (measured on a 2-core machine: two workers finish the suite in about
// half the time of one; decision 0030). VITEST_MAX_WORKERS overrides it.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'server', 'web', 'eslint'],
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(1, cpus().length),
  },
});
