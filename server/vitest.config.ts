import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/support/global-setup.ts'],
    // Integration files each create and migrate their own database; give PostgreSQL room.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
