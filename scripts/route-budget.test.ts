import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
interface RouteBudgetModule {
  firstLoadFiles: (manifest: Record<string, Chunk>, pages: string[]) => string[];
}

// A plain .mjs script run by .ci/run without tsx, loaded by a computed name so the type checker
// does not look for its declarations.
const scriptName = pathToFileURL(path.resolve(import.meta.dirname, '../bench/web/route-budget.mjs')).href;
const { firstLoadFiles } = (await import(scriptName)) as RouteBudgetModule;

// A build where the entry loads react and the api, the login page is lazy and shares a form chunk,
// and a dialog and a socket chunk are loaded only later (dynamic imports).
const manifest: Record<string, Chunk> = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js', '_api.js'],
    dynamicImports: ['src/login.tsx', 'src/admin.tsx'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_api.js': { file: 'assets/api.js', imports: ['_react.js'] },
  '_form.js': { file: 'assets/form.js', imports: ['_react.js'] },
  'src/login.tsx': {
    file: 'assets/login.js',
    imports: ['_form.js', 'index.html'],
    dynamicImports: ['src/dialog.tsx', 'src/socket.ts'],
  },
  'src/dialog.tsx': { file: 'assets/dialog.js' },
  'src/socket.ts': { file: 'assets/socket.js' },
  'src/admin.tsx': { file: 'assets/admin.js', imports: ['_form.js'] },
  'index.css': { file: 'assets/index.css' },
};

describe('first-load files of a route (bench/web/route-budget.mjs)', () => {
  it('counts the entry and the page with their static imports once each, never later chunks', () => {
    expect(firstLoadFiles(manifest, ['src/login.tsx']).sort()).toEqual(
      ['assets/api.js', 'assets/form.js', 'assets/index.js', 'assets/login.js', 'assets/react.js'].sort(),
    );
  });

  it('adds every lazy chunk the route needs (a frame and its page)', () => {
    expect(firstLoadFiles(manifest, ['src/login.tsx', 'src/admin.tsx'])).toContain('assets/admin.js');
  });

  it('fails loudly when a page is missing from the build (renamed or moved)', () => {
    expect(() => firstLoadFiles(manifest, ['src/gone.tsx'])).toThrow(/no "src\/gone.tsx"/);
  });
});
