// Times an institution workbook of 5,000 students, 300 teachers, 800 subjects and 100 rooms
// (generate-workbook.ts) through the real import path: the check (dry run), the import (check,
// then write in one transaction), and a re-import of the same file (every row unchanged). Also
// records the longest stall of the event loop during each step, which is what other requests of
// the same server would wait.
//
// Run (PGlite in a temporary folder):  npx tsx bench/onboarding/import.bench.ts [--csv] [--read-in-process]
// Run (PostgreSQL, the bench empties that database):
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> npx tsx bench/onboarding/import.bench.ts
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { count } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client';
import { truncateAll } from '../../apps/server/src/db/reset';
import { institutions, profiles } from '../../apps/server/src/db/schema';
import { importWorkbook } from '../../apps/server/src/modules/onboarding/import-workbook';
import type { ImportProgress } from '../../apps/server/src/modules/onboarding/progress';
import { readWorkbookInWorker } from '../../apps/server/src/modules/onboarding/read-in-worker';
import { readWorkbook } from '../../apps/server/src/modules/onboarding/read-workbook';
import type { WorkbookFile } from '../../apps/server/src/modules/onboarding/read-workbook';
import { csvOf, generateRows, ISSUE_SIZE, xlsxOf } from './generate-workbook';

const useCsv = process.argv.includes('--csv');
// The server reads uploads in a worker thread; the command line reads in its own thread.
const inProcess = process.argv.includes('--read-in-process');

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  const dir = url ? undefined : await mkdtemp(path.join(tmpdir(), 'rollbook-onboarding-bench-'));
  const database = await openDatabase({ url, dataDir: dir ?? null });
  const rows = generateRows(ISSUE_SIZE);
  const files: WorkbookFile[] = useCsv ? csvOf(rows) : [{ name: 'big.xlsx', data: await xlsxOf(rows) }];
  const bytes = files.reduce((n, f) => n + f.data.length, 0);
  process.stdout.write(
    `machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n` +
      `database: ${database.kind}${dir ? ` in ${dir}` : ''}; read ${inProcess ? 'in process' : 'in a worker thread'}; workbook: ${useCsv ? `${files.length} .csv files` : '.xlsx'}, ${(bytes / 1024).toFixed(0)} KB, ` +
      `${ISSUE_SIZE.students} students, ${ISSUE_SIZE.teachers} teachers, ${ISSUE_SIZE.subjects} subjects, ${ISSUE_SIZE.rooms} rooms\n`,
  );
  try {
    await truncateAll(database.db);
    const [institution] = await database.db
      .insert(institutions)
      .values({ name: 'Bench College', code: 'BENCH', timezone: 'Asia/Kolkata' })
      .returning();

    const step = async (label: string, dryRun: boolean) => {
      const phases: string[] = [];
      const progress: ImportProgress = { phase: (p) => phases.push(p), total() {}, advance() {} };
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const cpu = process.cpuUsage();
      const start = performance.now();
      const result = await importWorkbook(database.db, files, {
        institutionId: institution!.id,
        actorProfileId: null,
        dryRun,
        progress,
        read: inProcess ? readWorkbook : readWorkbookInWorker,
      });
      const ms = performance.now() - start;
      const used = process.cpuUsage(cpu);
      loop.disable();
      const counts = Object.entries(result.sheets)
        .map(([s, c]) => `${s} ${c.created}/${c.updated}/${c.unchanged}`)
        .join(', ');
      process.stdout.write(
        `${label}: ${(ms / 1000).toFixed(2)} s wall, ${((used.user + used.system) / 1e6).toFixed(2)} s CPU; ` +
          `longest event-loop stall ${(loop.max / 1e6).toFixed(0)} ms (p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms); ` +
          `applied ${result.applied}, problems ${result.problems.length}; created/updated/unchanged: ${counts}\n`,
      );
      if (result.problems.length > 0)
        process.stdout.write(`  first problem: ${JSON.stringify(result.problems[0])}\n`);
    };

    await step('check (dry run)', true);
    await step('import', false);
    await step('re-import (all unchanged)', false);
    const [people] = await database.db.select({ n: count() }).from(profiles);
    process.stdout.write(`profiles in the database: ${people?.n}\n`);
  } finally {
    await database.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
