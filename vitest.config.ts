import { defineConfig } from 'vitest/config';

// One runner for unit and integration tests across the workspaces; browser journeys run under
// Playwright (see e2e/). `npm test` runs both through scripts/test.mjs.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'server', 'web', 'eslint'],
  },
});
