import { describe, expect, it } from 'vitest';
import { brokenRules } from './lint-snippet';

// The first lint of a file loads the whole config and its plugins.
const FIRST_LINT_LIMIT_MS = 60_000;

describe('web tests fake contract calls only through onCall (eslint.config.js)', () => {
  it(
    "fails a web test that builds a handler with msw's bare http",
    async () => {
      const code = [
        "import { http, HttpResponse } from 'msw';",
        "export const handler = http.get('/api/x', () => HttpResponse.json({}));",
      ].join('\n');
      expect(await brokenRules('apps/web/src/features/auth/probe.test.ts', `${code}\n`)).toEqual([
        'no-restricted-syntax',
      ]);
    },
    FIRST_LINT_LIMIT_MS,
  );

  it('lets a web test use HttpResponse for error answers and the helpers of testing/msw', async () => {
    const code = [
      "import { HttpResponse } from 'msw';",
      "import { onCall } from '../../testing/msw';",
      'export const failure = HttpResponse.error();',
      'export const helper = onCall;',
    ].join('\n');
    expect(await brokenRules('apps/web/src/features/auth/probe.test.ts', `${code}\n`)).toEqual([]);
  });
});
