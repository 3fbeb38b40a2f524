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
  },
});
