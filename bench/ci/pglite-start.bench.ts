// What one server test file's database costs on PGlite: a fresh in-memory PGlite (initdb) plus the
// migrations, against loading the run's migrated image (apps/server/src/testing/pglite-image.global.ts)
// plus the migrations' no-op check, alternated round by round. PGlite runs in this thread, so this
// process's CPU time is the cost; wall time is printed too but is meaningless on a shared machine.
//
// Run: npx tsx bench/ci/pglite-start.bench.ts [--rounds 3]
import { loadavg } from 'node:os';
import { numberOption } from '../lib/options';
import { median } from './median';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client';
import { migratedPgliteImage } from '../../apps/server/src/testing/pglite-image';

const rounds = numberOption('rounds', 3);

const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

async function measure(pgliteImage: Blob | undefined): Promise<{ cpu: number; wall: number }> {
  const cpu = cpuMs();
  const wall = performance.now();
  const handle = await openDatabase({ dataDir: null, pgliteImage });
  // One query, so a database that only looks open is not timed as ready.
  await handle.db.execute(sql`select count(*) from institutions`);
  const result = { cpu: cpuMs() - cpu, wall: performance.now() - wall };
  await handle.close();
  return result;
}

// A first open loads PGlite's modules and compiles its WebAssembly: kept out of both columns.
await measure(undefined);
const building = cpuMs();
const image = await migratedPgliteImage();
console.log(
  `image: ${(image.size / 1e6).toFixed(1)} MB, built in ${Math.round(cpuMs() - building)} ms CPU (once per run)`,
);
console.log(
  `load average at start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const fresh: number[] = [];
const loaded: number[] = [];
for (let round = 1; round <= rounds; round++) {
  const a = await measure(undefined);
  const b = await measure(image);
  fresh.push(a.cpu);
  loaded.push(b.cpu);
  console.log(
    `round ${round}: initdb + migrations ${Math.round(a.cpu)} ms CPU (${Math.round(a.wall)} ms wall), ` +
      `image + migration check ${Math.round(b.cpu)} ms CPU (${Math.round(b.wall)} ms wall)`,
  );
}
console.log(`median CPU per file: ${Math.round(median(fresh))} ms → ${Math.round(median(loaded))} ms`);
