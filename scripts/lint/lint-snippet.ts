import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

let eslint: ESLint | undefined;

/**
 * Lints `code` as if it were the file at `filePath` (relative to the repository root; the file need
 * not exist) with the repository's own eslint.config.js, and answers the messages. Type-aware
 * rules are switched off, because a file that is not on disk has no type information; every
 * other rule, the import boundaries among them, runs exactly as in `npx eslint .`.
 */
export async function lintSnippet(filePath: string, code: string): Promise<Linter.LintMessage[]> {
  eslint ??= new ESLint({ cwd: REPO_ROOT, overrideConfig: tseslint.configs.disableTypeChecked });
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, filePath) });
  return result?.messages ?? [];
}

/** The ids of the rules a snippet breaks (`null` for a parse error), for short assertions. */
export async function brokenRules(filePath: string, code: string): Promise<Array<string | null>> {
  return (await lintSnippet(filePath, code)).map((message) => message.ruleId);
}
