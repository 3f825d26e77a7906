import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // A route test renders the whole app (frame, guards, screen) behind MSW: on a busy machine its
    // first render alone can pass Vitest's default 5 s.
    testTimeout: 30_000,
  },
});
