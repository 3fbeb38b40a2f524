import { describe, expect, it } from 'vitest';
import { brokenRules, lintSnippet } from './lint-snippet';

const RULE = 'rollbook/no-cross-imports';
// The first lint loads the whole config and its plugins; later ones reuse it.
const FIRST_LINT_LIMIT_MS = 60_000;

describe('web features never import each other (eslint.config.js)', () => {
  it(
    'fails a sibling feature import, with the rule message naming both features',
    async () => {
      const messages = await lintSnippet(
        'apps/web/src/features/auth/probe.ts',
        "import { profileApi } from '../profile/profile-api';\nexport const api = profileApi;\n",
      );
      expect(messages.map((m) => [m.ruleId, m.message])).toEqual([
        [RULE, 'Features never import each other; compose them in app/. (auth imports profile)'],
      ]);
    },
    FIRST_LINT_LIMIT_MS,
  );

  it('fails every depth and spelling that lands in another feature or in the features barrel', async () => {
    const cases: Array<[file: string, specifier: string]> = [
      ['apps/web/src/features/auth/login-page.tsx', '../profile/profile-dialog'],
      ['apps/web/src/features/auth/login-page.tsx', '../../features/profile/profile-dialog'],
      ['apps/web/src/features/auth/login-page.tsx', '..'],
      ['apps/web/src/features/auth/login-page.tsx', '../index'],
      ['apps/web/src/features/teacher-lectures/live/socket.ts', '../../student-attendance/use-marking'],
      ['apps/web/src/features/teacher-lectures/live/socket.ts', '../../../features/profile'],
    ];
    for (const [file, specifier] of cases) {
      expect(
        await brokenRules(file, `import { x } from '${specifier}';\nexport const y = x;\n`),
        specifier,
      ).toEqual([RULE]);
    }
  });

  it('fails re-exports and lazy imports of another feature too', async () => {
    const file = 'apps/web/src/features/auth/index.ts';
    expect(await brokenRules(file, "export * from '../profile/profile-api';\n")).toEqual([RULE]);
    expect(await brokenRules(file, "export { x } from '../profile/profile-api';\n")).toEqual([RULE]);
    expect(await brokenRules(file, "export const load = () => import('../profile/profile-api');\n")).toEqual([
      RULE,
    ]);
  });

  it('lets a feature import itself (at any depth), shared code and packages', async () => {
    const code = [
      "import { a } from './auth-api';",
      "import { b } from '../../components/ui/button';",
      "import { c } from '../../lib/api/api';",
      "import { d } from '@rollbook/contract';",
      'export const all = [a, b, c, d];',
    ].join('\n');
    expect(await brokenRules('apps/web/src/features/auth/login-page.tsx', `${code}\n`)).toEqual([]);
    expect(
      await brokenRules(
        'apps/web/src/features/teacher-lectures/live/socket.ts',
        "import { e } from '../lecture-text';\nimport { f } from '../../../lib/socket';\nexport const g = [e, f];\n",
      ),
    ).toEqual([]);
  });

  it('leaves app/ free to compose features, and the barrel free to re-export them', async () => {
    expect(
      await brokenRules(
        'apps/web/src/app/shell.tsx',
        "import { a } from '../features';\nexport const b = a;\n",
      ),
    ).toEqual([]);
    expect(await brokenRules('apps/web/src/features/index.ts', "export * from './auth';\n")).toEqual([]);
  });

  it('lints snippets with the rest of the repository config as well', async () => {
    expect(
      await brokenRules(
        'apps/web/src/features/auth/probe.ts',
        'export const same = (a: number) => a == 1;\n',
      ),
    ).toEqual(['eqeqeq']);
  });
});
