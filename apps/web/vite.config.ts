import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './build/precompress';
import { serviceWorker } from './build/service-worker-plugin';

// The dev server forwards the API and the socket to the real server, so the browser talks to a
// single origin in development exactly as it does in production.
const serverOrigin = process.env.ROLLBOOK_SERVER_ORIGIN ?? 'http://localhost:3000';

// react-router's package exports name only its development build (the production one, without its
// dev warnings, sits beside it: remix-run/react-router#12532, #14102). Builds use the production one
// (0.6 kB gzip less on every first load); the app imports nothing but the bare 'react-router'.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// Small modules nearly every page uses: a few UI primitives, the icon factory, toasts, the loader
// slice, the API error type and Vite's preload helper. Left to the chunker, each set of pages sharing
// some of them gets a chunk of its own: six to eight tiny files on a first load, each a request and
// ~0.2 kB of gzip overhead. As one chunk they cost the student's page 1.2 kB less (web-0008). Only
// modules without heavy imports belong here: the group takes their dependencies with them.
const COMMON_SMALL_MODULES = new RegExp(
  [
    String.raw`apps[\\/]web[\\/]src[\\/]components[\\/]ui[\\/](button|badge|skeleton|spinner)\.tsx$`,
    String.raw`apps[\\/]web[\\/]src[\\/]lib[\\/](use-opened-once|cx|lecture-type|toast)\.ts$`,
    String.raw`apps[\\/]web[\\/]src[\\/]lib[\\/](loader[\\/]loader-slice|api[\\/]api-error)\.ts$`,
    String.raw`vite[\\/]preload-helper`,
    String.raw`node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|context)\.mjs$`,
    String.raw`node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]shared[\\/]`,
  ].join('|'),
);

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), serviceWorker(), precompress()],
  server: {
    proxy: {
      '/api': { target: serverOrigin, changeOrigin: true },
      '/socket.io': { target: serverOrigin, changeOrigin: true, ws: true },
    },
  },
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps are written for debugging on the server but not linked from the files: the server does
    // not serve them unless WEB_PUBLIC_SOURCE_MAPS is set.
    sourcemap: 'hidden',
    // What each page loads, read by bench/web/route-budget.mjs.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 3,
            },
            {
              name: 'state',
              test: /node_modules[\\/](@reduxjs|redux|react-redux|redux-persist|immer|reselect)/,
              priority: 2,
            },
            { name: 'app-common', test: COMMON_SMALL_MODULES, priority: 1 },
          ],
        },
      },
    },
  },
}));
