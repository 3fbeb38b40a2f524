import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
// The very blocks eslint.config.js spreads, so this test fails if the repository's rule stops working.
import { moduleBorderConfigs } from './module-borders.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../..');

async function lintSnippet(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: repoRoot,
    overrideConfigFile: true,
    overrideConfig: [{ languageOptions: { parser: tseslint.parser } }, ...moduleBorderConfigs],
  });
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('server module borders', () => {
  it('refuses a module importing a sibling module, at any depth and in any import form', async () => {
    const cases: Array<[string, string]> = [
      ['apps/server/src/modules/sessions/x.ts', "import { a } from '../timetable/timetable.service';"],
      ['apps/server/src/modules/sessions/testing/x.ts', "import type { A } from '../../choices/deps';"],
      [
        'apps/server/src/modules/choices/x.ts',
        "export { a } from '../../modules/catalogue/catalogue.service';",
      ],
      ['apps/server/src/modules/calendar/x.ts', "const m = await import('../timetable/timetable.routes');"],
    ];
    for (const [file, code] of cases) {
      const messages = await lintSnippet(file, code);
      expect(messages, `${file}: ${code}`).toEqual([
        expect.stringMatching(/^rollbook\/sibling-borders: .* imports .*server modules are siblings/),
      ]);
    }
  });

  it('allows a module its own files and the shared layers below it', async () => {
    const code = [
      "import { a } from './sessions.service';",
      "import { b } from './testing/live-fixture';",
      "import { c } from '../../domain/lectures/lectures.repository';",
      "import { d } from '../../lib/week';",
      "import { e } from '../../db/client';",
      "import { f } from '@rollbook/contract';",
    ].join('\n');
    expect(await lintSnippet('apps/server/src/modules/sessions/x.ts', code)).toEqual([]);
  });

  it('lets the registrar beside the modules register every one of them', async () => {
    const code = "import { a } from './sessions/sessions.routes';\nimport { b } from './auth/auth.routes';";
    expect(await lintSnippet('apps/server/src/modules/index.ts', code)).toEqual([]);
  });
});
