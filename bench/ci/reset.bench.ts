// The server tests' per-test reset: `truncateAll` (TRUNCATE … RESTART IDENTITY CASCADE of every
// table) against `emptyAllTables` (apps/server/src/testing/empty-tables.ts), alternated, each after
// the same few rows are written. Wall time per reset (on PostgreSQL most of it is the server's file
// work, not this process's CPU); run it on a quiet machine for absolute numbers.
//
// Run: [BENCH_DATABASE_URL=postgres://…] npx tsx bench/ci/reset.bench.ts [--rounds 10]
// (without a URL: in-memory PGlite). The database is emptied: never point it at real data.
import { loadavg } from 'node:os';
import { numberOption } from '../lib/options';
import { median } from './median';
import { openDatabase } from '../../apps/server/src/db/client';
import { truncateAll } from '../../apps/server/src/db/reset';
import { emptyAllTables } from '../../apps/server/src/testing/empty-tables';
import { buildBranch, buildProfile } from '../../apps/server/src/testing/factories';

const rounds = numberOption('rounds', 10);
const url = process.env.BENCH_DATABASE_URL;
const handle = await openDatabase({ url, dataDir: null });
console.log(
  `${url ? 'PostgreSQL' : 'PGlite'}; load average at start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

async function timed(reset: (db: typeof handle.db) => Promise<void>): Promise<number> {
  await buildProfile(handle.db, { role: 'teacher' });
  await buildBranch(handle.db);
  const started = performance.now();
  await reset(handle.db);
  return performance.now() - started;
}

const truncated: number[] = [];
const emptied: number[] = [];
for (let round = 0; round < rounds; round++) {
  truncated.push(await timed(truncateAll));
  emptied.push(await timed(emptyAllTables));
}
await handle.close();
console.log(
  `median ms per reset over ${rounds} rounds: truncateAll ${median(truncated).toFixed(1)}, emptyAllTables ${median(emptied).toFixed(1)}`,
);
