import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../db/client';
import { ALL_TABLES, truncateAll } from '../db/reset';
import { emptyAllTables } from './empty-tables';
import { buildBranch, buildInstitution, buildProfile } from './factories';
import { openTestDatabase } from './test-database';

// The tests' per-test reset must leave what TRUNCATE … RESTART IDENTITY leaves, on either database.
describe('emptying every table before a test', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });

  const rowsLeft = async () => {
    const counts = ALL_TABLES.map((t) => `(select count(*) from "${t}")`).join(' + ');
    const result: unknown = await handle.db.execute(sql.raw(`select ${counts} as n`));
    return Number((result as { rows: Array<{ n: string | number }> }).rows[0]!.n);
  };

  /** Writes rows into several tables (with their triggers), empties them, and answers the next ids. */
  const idsAfter = async (empty: () => Promise<void>) => {
    await buildProfile(handle.db, { role: 'student' });
    await buildBranch(handle.db);
    await buildBranch(handle.db);
    expect(await rowsLeft()).toBeGreaterThan(0);
    await empty();
    const left = await rowsLeft();
    const institution = await buildInstitution(handle.db);
    const branch = await buildBranch(handle.db, { institutionId: institution.id });
    return { left, institution: institution.id, branch: branch.id };
  };

  it('leaves no row in any table and restarts every identity, as truncateAll does', async () => {
    await truncateAll(handle.db);
    const truncated = await idsAfter(() => truncateAll(handle.db));
    const emptied = await idsAfter(() => emptyAllTables(handle.db));
    expect(truncated).toEqual({ left: 0, institution: 1, branch: 1 });
    expect(emptied).toEqual(truncated);
    await emptyAllTables(handle.db);
    expect(await rowsLeft()).toBe(0);
  });
});
