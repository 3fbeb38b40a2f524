import { describe, expect, it } from 'vitest';
import { brokenRules, lintSnippet } from './lint-snippet';

const RULE = 'rollbook/no-cross-imports';
// The first lint loads the whole config and its plugins; later ones reuse it.
const FIRST_LINT_LIMIT_MS = 60_000;

describe('server modules never import each other (eslint.config.js)', () => {
  it(
    'fails a module importing a sibling module, naming both',
    async () => {
      const messages = await lintSnippet(
        'apps/server/src/modules/sessions/probe.ts',
        "import { createTimetableService } from '../timetable/timetable.service';\nexport const s = createTimetableService;\n",
      );
      expect(messages.map((m) => [m.ruleId, m.message])).toEqual([
        [
          RULE,
          'Server modules never import each other; move what both need to domain/ (or lib/, db/) and import it from there. (sessions imports timetable)',
        ],
      ]);
    },
    FIRST_LINT_LIMIT_MS,
  );

  it('fails every depth and import form that lands in another module', async () => {
    const cases: Array<[file: string, code: string]> = [
      [
        'apps/server/src/modules/sessions/testing/probe.ts',
        "import type { A } from '../../choices/deps';\nexport type B = A;\n",
      ],
      [
        'apps/server/src/modules/choices/probe.ts',
        "export { x } from '../../modules/catalogue/catalogue.service';\n",
      ],
      [
        'apps/server/src/modules/calendar/probe.ts',
        "export const m = () => import('../timetable/timetable.routes');\n",
      ],
      ['apps/server/src/modules/e2e/probe.ts', "import { r } from '../index';\nexport const x = r;\n"],
    ];
    for (const [file, code] of cases)
      expect(await brokenRules(file, code), `${file}: ${code}`).toEqual([RULE]);
  });

  it('allows a module its own files and the shared layers below it', async () => {
    const code = [
      "import { a } from './sessions.service';",
      "import { b } from './testing/live-fixture';",
      "import { c } from '../../domain/lectures/lectures.repository';",
      "import { d } from '../../lib/week';",
      "import { e } from '../../db/client';",
      "import { f } from '@rollbook/contract';",
      'export const all = [a, b, c, d, e, f];',
    ].join('\n');
    expect(await brokenRules('apps/server/src/modules/sessions/probe.ts', code)).toEqual([]);
  });

  it('lets the registrar beside the modules register every one of them', async () => {
    const code =
      "import { a } from './sessions/sessions.routes';\nimport { b } from './auth/auth.routes';\nexport const all = [a, b];\n";
    expect(await brokenRules('apps/server/src/modules/index.ts', code)).toEqual([]);
  });
});
