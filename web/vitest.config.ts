import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Files share a worker's module cache and jsdom instead of loading React, MUI and the route
    // tree again each; the setup file resets what a test leaves behind (decision 0030).
    isolate: false,
    // A route test renders the whole app (frame, guards, screen) behind MSW: on a busy machine its
    // first render alone can pass Vitest's default 5 s.
    testTimeout: 30_000,
  },
});
