import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// A test's time limit is an upper bound for a loaded 2-core machine (several suites and browsers at
// once), never a speed claim: the default 5 s failed solver and DSP tests that take 2-3 s when idle.
const testTimeout = 60_000;
// Property tests use one fixed seed unless FC_SEED says otherwise (the file says why).
const propertySeed = fileURLToPath(new URL('./scripts/fast-check-seed.ts', import.meta.url));

// One runner for every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    // One test file per core. Vitest's own default is one worker fewer than the cores, which on CI's
    // 2-core machine ran every file one after the other with the second core idle. (The server
    // suite on a shared PostgreSQL still runs its files one at a time: apps/server/vitest.config.ts.)
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'], testTimeout } },
      {
        test: {
          name: 'presence',
          root: 'packages/presence',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          setupFiles: [propertySeed],
          testTimeout,
        },
      },
      {
        test: {
          name: 'planner',
          root: 'packages/planner',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          setupFiles: [propertySeed],
          testTimeout,
        },
      },
      // Repository tooling: the lint config's own rules (scripts/lint/lint-snippet.ts lints a snippet).
      { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.ts'] } },
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
  },
});
