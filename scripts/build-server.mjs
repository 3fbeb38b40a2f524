// Compiles the server to plain JavaScript: one esbuild bundle for main.ts and one beside it for
// every worker-thread entry, so `node apps/server/dist/main.js` runs without tsx. Workspace packages
// (@rollbook/*) are inlined; everything from node_modules stays an ordinary import. Source maps are
// written next to the bundles for stack traces (`node --enable-source-maps`), never served.
//
//   node scripts/build-server.mjs [--outdir <folder>]   (default apps/server/dist)
import { copyFile, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Every module started in a worker thread, by the file name its caller asks for beside the calling
 * module (`new URL('./name.js', import.meta.url)` once compiled). scripts/build-server.test.ts fails
 * when a `spawnTsWorker` / `workerEntry` call names an entry missing here.
 */
export const WORKER_ENTRIES = {
  'verify-worker': 'packages/presence/src/pool/verify-worker.ts',
  'planner-worker': 'apps/server/src/lib/planner-worker/planner-worker.ts',
  'spreadsheet-worker': 'apps/server/src/lib/spreadsheet-worker/spreadsheet-worker.ts',
  'read-workbook.worker': 'apps/server/src/modules/onboarding/read-workbook.worker.ts',
};

/**
 * Worker entries written as plain JavaScript (`new URL('./name.mjs', import.meta.url)`: a thread
 * that must start without the tsx loader, e.g. planner/src/solver/mip-worker.mjs), copied as they
 * are beside the bundles; they import only node_modules, which resolve from there too.
 */
export const COPIED_WORKERS = {
  'mip-worker.mjs': 'packages/planner/src/solver/mip-worker.mjs',
};

/** The folders whose sources end up in the bundles (what makes a built server stale). */
export const SERVER_SOURCES = [
  'apps/server/src',
  'packages/contract/src',
  'packages/presence/src',
  'packages/planner/src',
  'scripts/build-server.mjs',
];

export const DEFAULT_OUTDIR = path.join(root, 'apps/server/dist');

/** Bare imports stay external, except the workspace's own packages, which are compiled in. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@rollbook/') || path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * `import.meta.dirname` in a source file names that file's folder (migrations, shipped samples and
 * package.json are found from it). Inside a bundle it would name the output folder instead, so each
 * use is rewritten to the source folder, expressed relative to the bundle so the build can move
 * with the checkout.
 */
function sourceDirname(outdir) {
  return {
    name: 'source-dirname',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta.dirname')) return undefined;
        const fromBundle = path.relative(outdir, path.dirname(args.path)).split(path.sep).join('/');
        const expression = `(import.meta.dirname + ${JSON.stringify(`/${fromBundle}`)})`;
        return { contents: text.replaceAll('import.meta.dirname', expression), loader: 'ts' };
      });
    },
  };
}

/** Builds main.js and the worker entries into `outdir`, replacing what was there. */
export async function buildServer(outdir = DEFAULT_OUTDIR) {
  await rm(outdir, { recursive: true, force: true });
  const entryPoints = { main: path.join(root, 'apps/server/src/main.ts') };
  for (const [name, file] of Object.entries(WORKER_ENTRIES)) entryPoints[name] = path.join(root, file);
  const result = await build({
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    absWorkingDir: root,
    plugins: [externalDependencies, sourceDirname(outdir)],
  });
  for (const [name, file] of Object.entries(COPIED_WORKERS)) {
    await copyFile(path.join(root, file), path.join(outdir, name));
  }
  return result.metafile;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--outdir');
  const outdir = at > 0 ? path.resolve(process.argv[at + 1]) : DEFAULT_OUTDIR;
  const started = Date.now();
  await buildServer(outdir);
  console.log(`Built the server into ${path.relative(root, outdir)} in ${Date.now() - started} ms`);
}
