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
      // Repository tooling: the lint config's own rules (scripts/lint/lint-snippet.ts lints a snippet).
      { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.ts'] } },
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
  },
});
