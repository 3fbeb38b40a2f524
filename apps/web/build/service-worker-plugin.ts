import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;

/** Files of `public/` every page may need offline or to install: cached when the worker installs. */
const PUBLIC_SHELL = [
  '/offline.html',
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-180.png',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
];

/** Every file below `dir`, as sorted paths relative to it. */
async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** The entry chunk, its static imports and their CSS: what the first page of any route needs. */
function entryShell(bundle: OutputBundle): string[] {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk' || files.has(fileName)) return;
    files.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    chunk.imports.forEach(visit);
  };
  for (const [fileName, item] of Object.entries(bundle))
    if (item.type === 'chunk' && item.isEntry) visit(fileName);
  return [...files].sort().map((f) => `/${f}`);
}

/**
 * Writes `/sw.js` from build/service-worker.js with this build's version and shell. The version is
 * a hash of every emitted file's name and content and of `public/`, so any change to what the app
 * serves gives a new worker: the browser installs it beside the running one and the page offers
 * "new version" (apps/web/src/lib/pwa/).
 */
export function serviceWorker(): Plugin {
  let publicDir = '';
  return {
    name: 'rollbook-service-worker',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    async generateBundle(_options, bundle) {
      const hash = createHash('sha256');
      for (const [fileName, item] of Object.entries(bundle).sort(([a], [b]) => a.localeCompare(b))) {
        hash.update(fileName);
        hash.update(item.type === 'chunk' ? item.code : item.source);
      }
      for (const file of await filesBelow(publicDir)) {
        hash.update(file);
        hash.update(await readFile(path.join(publicDir, file)));
      }
      const version = hash.digest('hex').slice(0, 16);
      const shell = [...PUBLIC_SHELL, ...entryShell(bundle)];
      const template = await readFile(path.join(import.meta.dirname, 'service-worker.js'), 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: template
          .replace("'__ROLLBOOK_SW_VERSION__'", JSON.stringify(version))
          .replace('__ROLLBOOK_SW_SHELL__', JSON.stringify(shell)),
      });
    },
  };
}
