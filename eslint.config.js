// Type-aware lint for every workspace; feature boundaries in the web app are enforced below.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from './scripts/lint/boundaries-plugin.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/server/src/db/migrations/**',
      '**/*.mjs',
      '**/*.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      eqeqeq: ['error', 'always'],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // Fastify plugins and route handlers are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read JSON replies whose shape is what they assert; typing every reply would only add noise.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Outside the features, only app/ composes them, through the features barrel.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../features/*', '../features/*'],
              message: 'Features never import each other; compose them in app/.',
            },
          ],
        },
      ],
    },
  },
  {
    // A fake server answer written with msw's bare `http` skips the contract, so a drifted shape
    // would pass; onCall (apps/web/src/testing/msw.ts) parses every body with the route's schema.
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='msw'] > ImportSpecifier[imported.name='http']",
          message:
            "Fake contract calls with onCall(route, …) from testing/msw, so each body goes through the route's response schema.",
        },
      ],
    },
  },
  {
    // Any depth and spelling of a relative import is resolved, so `../b/x` from features/a is caught
    // too (scripts/lint/boundaries.test.ts proves it).
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { rollbook: boundaries },
    rules: {
      'rollbook/no-cross-imports': [
        'error',
        { root: 'apps/web/src/features', message: 'Features never import each other; compose them in app/.' },
      ],
    },
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|\\.)', message: 'The contract imports only zod.' }] },
      ],
    },
  },
  {
    // Server modules are siblings over domain/, lib/, db/ (docs/decisions/server-0005).
    files: ['apps/server/src/modules/**/*.ts'],
    plugins: { rollbook: boundaries },
    rules: {
      'rollbook/no-cross-imports': [
        'error',
        {
          root: 'apps/server/src/modules',
          message:
            'Server modules never import each other; move what both need to domain/ (or lib/, db/) and import it from there.',
        },
      ],
    },
  },
);
