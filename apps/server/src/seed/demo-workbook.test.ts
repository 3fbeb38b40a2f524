import { and, eq, count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WORKBOOK_SHEETS } from '@rollbook/contract';
import { auditLog, institutions, profiles, students, teachers } from '../db/schema';
import { importWorkbook } from '../modules/onboarding/import-workbook';
import { useTestApp } from '../testing/test-app';
import { DEMO_INSTITUTION_CODE, seedDemo } from './demo';
import { demoWorkbook } from './demo-workbook';
import { seededRandom } from './random';

describe('the demo seed', () => {
  const t = useTestApp();

  it('builds the demo through the institution workbook import, which a second import leaves unchanged', async () => {
    await seedDemo(t.db, { now: t.clock.now() });
    const [inst] = await t.db
      .select({ id: institutions.id })
      .from(institutions)
      .where(eq(institutions.code, DEMO_INSTITUTION_CODE));
    const imports = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.institutionId, inst!.id), eq(auditLog.action, 'institution.workbook_import')));
    expect(imports).toHaveLength(1);
    const [people] = await t.db
      .select({ n: count() })
      .from(students)
      .where(eq(students.institutionId, inst!.id));
    const [staff] = await t.db
      .select({ n: count() })
      .from(teachers)
      .where(eq(teachers.institutionId, inst!.id));
    expect([people!.n, staff!.n]).toEqual([240, 31]);

    const again = await importWorkbook(t.db, [], {
      institutionId: inst!.id,
      actorProfileId: null,
      dryRun: true,
      read: () => Promise.resolve(demoWorkbook(seededRandom(2026))),
    });
    expect(again.problems).toEqual([]);
    for (const sheet of WORKBOOK_SHEETS) {
      expect(again.sheets[sheet], sheet).toMatchObject({ created: 0, updated: 0 });
      expect(again.sheets[sheet].unchanged, sheet).toBeGreaterThan(0);
    }
  });

  it('leaves no half-built institution when the demo cannot be built', async () => {
    // The registrar's email already signs in elsewhere: the seed fails and removes what it made.
    await t.db.insert(institutions).values({ name: 'Elsewhere', code: 'ELSE' });
    const [other] = await t.db.select({ id: institutions.id }).from(institutions);
    await t.db.insert(profiles).values({
      institutionId: other!.id,
      role: 'admin',
      name: 'Someone',
      email: 'admin@rollbook.test',
      passwordHash: 'x',
    });
    await expect(seedDemo(t.db)).rejects.toThrow(/admin@rollbook.test/);
    const left = await t.db
      .select({ id: institutions.id })
      .from(institutions)
      .where(eq(institutions.code, DEMO_INSTITUTION_CODE));
    expect(left).toEqual([]);
  });
});
