import { afterAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

interface BuildServerModule {
  WORKER_ENTRIES: Record<string, string>;
  COPIED_WORKERS: Record<string, string>;
  buildServer: (outdir: string) => Promise<{ inputs: Record<string, unknown> }>;
}

// A plain .mjs build script (run by npm start without tsx), loaded here by a computed name so the
// type checker does not look for its declarations.
const scriptName = './build-server.mjs';
const { COPIED_WORKERS, WORKER_ENTRIES, buildServer } = (await import(scriptName)) as BuildServerModule;

/** Plain-JavaScript worker files a source starts: `new URL('./name.mjs', import.meta.url)`. */
function plainWorkers(source: string): string[] {
  return [...source.matchAll(/new URL\('\.\/([^'/]+\.mjs)', import\.meta\.url\)/g)].map((m) => m[1]!);
}

/** The worker entry names a source file asks for: `workerEntry(import.meta.url, 'name')`. */
function workerNames(source: string): string[] {
  return [...source.matchAll(/workerEntry\(\s*import\.meta\.url,\s*'([^']+)'\s*\)/g)].map((m) => m[1]!);
}

describe('the server build (scripts/build-server.mjs)', () => {
  let outdir: string | undefined;
  afterAll(async () => {
    if (outdir) await rm(outdir, { recursive: true, force: true });
  });

  it('builds, beside main.js, every worker entry that a bundled module starts', async () => {
    outdir = await mkdtemp(path.join(root, 'apps/server/.dist-test-'));
    const metafile = await buildServer(outdir);
    const sources = Object.keys(metafile.inputs).filter((f) => !f.includes('node_modules'));
    expect(sources.length).toBeGreaterThan(100);

    const asked = new Set<string>();
    const plain = new Set<string>();
    for (const file of sources) {
      const text = await readFile(path.join(root, file), 'utf8');
      for (const name of workerNames(text)) asked.add(name);
      for (const name of plainWorkers(text)) plain.add(name);
      // A worker URL spelled with a fixed .ts extension would not exist once compiled.
      expect(text, file).not.toMatch(/new URL\('\.\/[^']+\.ts', import\.meta\.url\)/);
    }
    expect([...asked].sort()).toEqual(Object.keys(WORKER_ENTRIES).sort());
    for (const name of asked) expect(existsSync(path.join(outdir, `${name}.js`)), name).toBe(true);
    // A plain .mjs worker is copied, not bundled: it must sit beside the bundles under its own name.
    expect([...plain].sort()).toEqual(Object.keys(COPIED_WORKERS).sort());
    for (const name of plain) expect(existsSync(path.join(outdir, name)), name).toBe(true);
  }, 60_000);

  it('inlines the workspace packages and leaves node_modules as imports', async () => {
    const main = await readFile(path.join(outdir!, 'main.js'), 'utf8');
    expect(main).not.toMatch(/from ["']@rollbook\//);
    expect(main).toMatch(/from ["']fastify["']/);
    expect(main).toMatch(/\/\/# sourceMappingURL=main\.js\.map/);
  });
});
