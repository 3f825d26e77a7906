import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/support/global-setup.ts'],
    // Files share a worker's module cache instead of importing the whole app again each (several
    // seconds a file): nothing the app keeps at module level may belong to one test (decision 0030).
    isolate: false,
    // Integration files each create and migrate their own database; give PostgreSQL room.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
