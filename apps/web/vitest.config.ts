import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    // Files share one jsdom and module graph (each test builds its own store, router and msw
    // handlers), which cuts the run from minutes to seconds on a busy 2-core machine.
    isolate: false,
    // A test may wait up to asyncUtilTimeout (10 s, vitest.setup.ts) for one element; several such
    // waits on a loaded machine must not hit the test's own limit first. An upper bound, as on the server.
    testTimeout: 30_000,
  },
});
