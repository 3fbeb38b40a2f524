import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DbHandle } from './client';
import { branches, profiles } from './schema';
import { dropTableSnapshot, restoreTableSnapshot, saveTableSnapshot } from './table-snapshot';
import { emptyAllTables } from '../testing/empty-tables';
import { buildBranch, buildInstitution, buildProfile } from '../testing/factories';
import { openTestDatabase } from '../testing/test-database';
import { everyRowAsText } from '../testing/table-rows';

describe('a table snapshot', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
    await emptyAllTables(handle.db);
  });
  afterAll(async () => {
    if (handle) await dropTableSnapshot(handle.db);
    await handle?.close();
  });

  const everyRow = () => everyRowAsText(handle.db);

  it('puts back every row, trigger-written ones included, and the next identities, after any change', async () => {
    const student = await buildProfile(handle.db, { role: 'student' });
    await buildBranch(handle.db, { institutionId: student.institutionId });
    const saved = await everyRow();
    expect(Object.values(saved).filter((rows) => rows !== '').length).toBeGreaterThanOrEqual(3);
    await saveTableSnapshot(handle.db);
    const nextInstitution = async () => (await buildInstitution(handle.db)).id;
    const idAfterSave = await nextInstitution();

    for (let round = 0; round < 2; round++) {
      await handle.db
        .update(profiles)
        .set({ name: 'Changed after the snapshot' })
        .where(eq(profiles.id, student.id));
      await handle.db.delete(branches);
      await buildProfile(handle.db, { role: 'teacher' });
      expect(await everyRow()).not.toEqual(saved);

      await restoreTableSnapshot(handle.db);
      expect(await everyRow()).toEqual(saved);
      expect(await nextInstitution()).toBe(idAfterSave);
    }
  });
});
