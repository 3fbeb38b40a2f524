import type { UnitAssignment } from '@rollbook/planner';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { lectureBatches, lectures, profiles, timetables } from '../db/schema';
import type { AuthContext } from '../lib/caller';
import { createAllocationRepository } from '../modules/allocation/allocation.repository';
import { loadAllocationScope } from '../modules/allocation/allocation-scope';
import type { UnitRef } from '../modules/allocation/teaching-units';
import { recordsFromAssignments } from '../modules/allocation/unit-assignments';

/** A timetable lecture with what matches it to a teaching unit. */
interface TimetableLecture {
  lectureId: number;
  offeredSubjectId: number;
  divisionId: number;
  type: 'theory' | 'lab' | 'practical';
  teacherId: number;
  batchIds: number[];
}

/**
 * Who teaches a unit in the timetable: the division's theory lecture of the subject for theory and
 * tutorials; for a batch's practical, the lab lecture that batch attends (else the theory teacher).
 */
function timetableTeacher(ref: UnitRef, lectureRows: readonly TimetableLecture[]): number | undefined {
  const ofSubject = lectureRows.filter(
    (l) => l.offeredSubjectId === ref.offeredId && l.divisionId === ref.divisionId,
  );
  const theory = ofSubject.find((l) => l.type === 'theory');
  if (ref.wireKind === 'theory' || ref.wireKind === 'tutorial') return theory?.teacherId;
  const lab = ofSubject.find(
    (l) => l.type !== 'theory' && ref.batchId !== null && l.batchIds.includes(ref.batchId),
  );
  return (lab ?? theory)?.teacherId;
}

/**
 * The demo's CE allocation is confirmed from its timetable, so the demo teacher's "Load
 * Allocation" lists the lectures he teaches (issue 18: it said nothing was allocated). Each unit
 * goes, whole, to the teacher the timetable gives it; units nobody teaches stay unallocated. The
 * IT branch keeps the solver's proposal to review (made by its allocation page on first load).
 */
export async function seedDemoConfirmedLoad(db: Db, adminEmail: string): Promise<void> {
  const [admin] = await db.select().from(profiles).where(eq(profiles.email, adminEmail));
  if (!admin) return;
  const auth: AuthContext = {
    profileId: admin.id,
    profileSlug: admin.slug,
    institutionId: admin.institutionId,
    role: admin.role,
    name: admin.name,
    email: admin.email,
  };
  const state = await loadAllocationScope(db, auth);
  const semesterIds = state.semesters.map((s) => s.id);
  const divisionIds = [...new Set(state.units.map((ref) => ref.divisionId))];
  if (divisionIds.length === 0) return;
  const rows = await db
    .select({
      lectureId: lectures.id,
      offeredSubjectId: lectures.offeredSubjectId,
      divisionId: timetables.divisionId,
      type: lectures.type,
      teacherId: lectures.teacherId,
    })
    .from(lectures)
    .innerJoin(timetables, eq(timetables.id, lectures.timetableId))
    .where(inArray(timetables.divisionId, divisionIds));
  const links = await db
    .select()
    .from(lectureBatches)
    .where(
      inArray(
        lectureBatches.lectureId,
        rows.map((r) => r.lectureId),
      ),
    );
  const lectureRows: TimetableLecture[] = rows.map((r) => ({
    ...r,
    batchIds: links.filter((l) => l.lectureId === r.lectureId).map((l) => l.batchId),
  }));
  const slugById = new Map(state.teachers.map((t) => [t.teacherId, t.slug]));
  const assignments: UnitAssignment[] = state.units.flatMap((ref) => {
    const teacherId = timetableTeacher(ref, lectureRows);
    const teacher = teacherId === undefined ? undefined : slugById.get(teacherId);
    return teacher ? [{ unit: ref.unit.id, teacher, hours: ref.unit.hours }] : [];
  });
  const idBySlug = new Map(state.teachers.map((t) => [t.slug, t.teacherId]));
  const repo = createAllocationRepository(db);
  await repo.deleteRows(semesterIds);
  await repo.insertRows(recordsFromAssignments(state.units, assignments, idBySlug, 'confirmed'));
  await repo.setConfirmed(semesterIds, true);
}
