// Builds what `npm start` runs when it has never been built or its sources changed since: the web
// app (vite) and the compiled server (scripts/build-server.mjs). A fresh clone serves the real app
// without a separate build step, and restarts with nothing changed skip straight to start-up.
//
//   node scripts/build-if-stale.mjs [web] [server]   (both when none is named)
import { existsSync, readdirSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';
import { buildServer, DEFAULT_OUTDIR, SERVER_SOURCES } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');

const TARGETS = {
  web: {
    built: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/build',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/contract/src',
    ],
    build: () => execSync('npm run build --workspace @rollbook/web', { cwd: root, stdio: 'inherit' }),
  },
  server: {
    built: path.relative(root, path.join(DEFAULT_OUTDIR, 'main.js')),
    // The lock file too: an upgraded dependency may change what is bundled.
    sources: [...SERVER_SOURCES, 'package-lock.json'],
    build: () => buildServer(),
  },
};

/** The newest modification time under `p` (a file or a folder, recursively), 0 when missing. */
function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(p).reduce((m, name) => Math.max(m, newest(path.join(p, name))), s.mtimeMs);
}

const named = process.argv.slice(2);
for (const name of named.length > 0 ? named : Object.keys(TARGETS)) {
  const target = TARGETS[name];
  if (!target) throw new Error(`unknown build target "${name}" (web or server)`);
  const builtAt = newest(path.join(root, target.built));
  if (builtAt === 0 || target.sources.some((s) => newest(path.join(root, s)) > builtAt)) {
    console.log(`Building the ${name}...`);
    await target.build();
  }
}
