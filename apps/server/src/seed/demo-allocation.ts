import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { divisions, institutions, semesters, streams } from '../db/schema';
import { createCatalogueRepository } from '../domain/subjects/catalogue.repository';
import { createChoicesRepository } from '../modules/choices/choices.repository';
import { DEMO_INSTITUTION_CODE } from './demo-workbook';

/** Subjects each teacher ranks in a planned semester that had no teacher rankings. */
const RANKED_PER_TEACHER = 3;

/**
 * Makes the demo's load allocation ready to review: every semester with divisions needs teachers'
 * saved priorities for its subjects, or the solver has nobody to give hours to. CE BE semester 7
 * has them from the subject-choice demo; a planned semester with none (IT BE semester 5) gets
 * deterministic ones: each active teacher of its branch ranks a rotation of three of its subjects,
 * after their existing priorities, saved and locked (the choice round of that semester is over).
 * The proposal itself is made by the allocation page on first load, like any proposal.
 */
export async function seedDemoAllocation(db: Db): Promise<void> {
  const [inst] = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(eq(institutions.code, DEMO_INSTITUTION_CODE));
  if (!inst) return;
  const repo = createChoicesRepository(db);
  const catalogue = createCatalogueRepository(db);
  const planned = await db
    .selectDistinct({ id: semesters.id, branchId: streams.branchId })
    .from(semesters)
    .innerJoin(streams, eq(streams.id, semesters.streamId))
    .innerJoin(divisions, eq(divisions.semesterId, semesters.id))
    .where(and(eq(semesters.institutionId, inst.id), eq(semesters.isActive, true)))
    .orderBy(asc(semesters.id));
  for (const semester of planned) {
    const records = await repo.recordsOfSemesters([semester.id], 'teacher');
    const saved = records.filter((r) => r.choicesSaved);
    if ((await repo.itemsOf(saved.map((r) => r.id))).length > 0) continue;
    const offered = await catalogue.offeredOfSemesters([semester.id]);
    if (offered.length === 0) continue;
    const teachers = (await repo.teachersOfBranches([semester.branchId])).sort(
      (a, b) => a.profileId - b.profileId,
    );
    const profileIds = teachers.map((t) => t.profileId);
    await repo.ensureRecords(semester.id, 'teacher', profileIds);
    const mine = (await repo.recordsOfSemesters([semester.id], 'teacher')).filter((r) =>
      profileIds.includes(r.profileId),
    );
    // Priorities continue after what each teacher already ranked in other semesters.
    const others = await repo.recordsOfSemesters(
      (await db.select({ id: semesters.id }).from(semesters).where(eq(semesters.institutionId, inst.id))).map(
        (s) => s.id,
      ),
      'teacher',
    );
    const lastRank = new Map<number, number>();
    for (const item of await repo.itemsOf(
      others.filter((r) => profileIds.includes(r.profileId)).map((r) => r.id),
    )) {
      const owner = others.find((r) => r.id === item.choiceId)!.profileId;
      lastRank.set(owner, Math.max(lastRank.get(owner) ?? 0, item.ordering));
    }
    const items = mine.flatMap((record) => {
      const i = profileIds.indexOf(record.profileId);
      return [...offered.slice(i % offered.length), ...offered.slice(0, i % offered.length)]
        .slice(0, RANKED_PER_TEACHER)
        .map((o, rank) => ({
          choiceId: record.id,
          offeredSubjectId: o.offeredId,
          ordering: (lastRank.get(record.profileId) ?? 0) + rank + 1,
        }));
    });
    const ids = mine.map((r) => r.id);
    await repo.replaceOptions(
      ids,
      ids.flatMap((choiceId) => offered.map((o) => ({ choiceId, offeredSubjectId: o.offeredId }))),
    );
    await repo.replaceItems(ids, items);
    await repo.updateRecords(ids, { choicesSaved: true, choicesLocked: true, savedAt: new Date() });
  }
}
