import { fileURLToPath } from 'node:url';

import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [
    // Must run before the React plugin so the generated route tree and code-split chunks exist.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: here('./src/routes'),
      generatedRouteTree: here('./src/routeTree.gen.ts'),
      quoteStyle: 'single',
    }),
    react(),
    // Brotli and gzip copies of every asset, made once at build; the server sends the one the
    // browser accepts (@fastify/static preCompressed), so nothing is compressed per request.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  server: {
    port: 5173,
    strictPort: true,
    // Same origin as the SPA in dev, so better-auth's session cookie just works.
    // 127.0.0.1, not localhost: Node may resolve localhost to ::1 while the API listens on IPv4.
    // API_PROXY_TARGET lets a second API (tests, another checkout) sit on another port.
    proxy: { '/api': { target: process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000' } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // What the entry needs before anything shows (decision 0004, Route splitting) ships as two scripts,
    // libraries and app, instead of some thirty shared scraps: fewer requests, better compression,
    // and the libraries' file stays cached across app-only deploys. Routes and what only they use
    // stay lazy chunks. The budget is gzip, measured by bench/first-visit.bench.ts; this limit only
    // quiets Vite's raw-size warning for the libraries' file.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'index', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
