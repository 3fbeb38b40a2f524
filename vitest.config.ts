import { defineConfig } from 'vitest/config';

// One runner for every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'presence',
          root: 'packages/presence',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'planner',
          root: 'packages/planner',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        },
      },
      { test: { name: 'tooling', root: 'tooling', include: ['**/*.test.ts'] } },
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
  },
});
