import type { DivisionsReset } from '@rollbook/contract';
import { count, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { lockInstitution } from '../../db/queries/institution-lock';
import { lockSemesterChoiceState } from '../../db/queries/lock-semester-choice-state';
import {
  divisions,
  instantLectures,
  lectureSessions,
  lectures,
  semesters,
  teacherAllocations,
  timetables,
} from '../../db/schema';
import { conflict } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import type { AuthContext } from '../../lib/caller';
import { createScope, semesterLabel } from '../../domain/caller-scope';

/**
 * The sessions of a semester's lectures, timetable and instant ones, locked so none can start while
 * they are read.
 */
async function lockSessionsOfSemester(tx: DbOrTx, semesterId: number) {
  const ofTimetable = await tx
    .select({ status: lectureSessions.status })
    .from(lectureSessions)
    .innerJoin(lectures, eq(lectures.id, lectureSessions.lectureId))
    .innerJoin(timetables, eq(timetables.id, lectures.timetableId))
    .innerJoin(divisions, eq(divisions.id, timetables.divisionId))
    .where(eq(divisions.semesterId, semesterId))
    .for('update', { of: lectureSessions });
  const ofInstant = await tx
    .select({ status: lectureSessions.status })
    .from(lectureSessions)
    .innerJoin(instantLectures, eq(instantLectures.id, lectureSessions.instantLectureId))
    .where(eq(instantLectures.semesterId, semesterId))
    .for('update', { of: lectureSessions });
  return [...ofTimetable, ...ofInstant];
}

async function lectureCount(tx: DbOrTx, semesterId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(lectures)
    .innerJoin(timetables, eq(timetables.id, lectures.timetableId))
    .innerJoin(divisions, eq(divisions.id, timetables.divisionId))
    .where(eq(divisions.semesterId, semesterId));
  return row?.n ?? 0;
}

/**
 * Re-planning a semester's divisions (a Rollbook addition; in the original they are final once
 * confirmed). Allowed only while none of the semester's lectures has had a session: attendance
 * taken against a division must keep that division. Discarding deletes the divisions with
 * everything hanging off them (memberships, batches, timetables, weekly lectures, sessions not yet
 * started) and the semester's teacher load allocation, which was computed from those divisions;
 * clearing `divisions_created` unfreezes the students' choices (see choices/divisions-guard.ts).
 */
export function createDivisionResetService(deps: { db: Db }) {
  const scope = createScope(deps.db);

  return {
    async reset(auth: AuthContext, semesterSlug: string): Promise<DivisionsReset> {
      const semester = await scope.semester(auth, semesterSlug);
      const label = semesterLabel(semester);
      return deps.db.transaction(async (tx) => {
        // The allocation lock first (allocation confirm takes it, then reads divisions), then the
        // semester row a division confirm claims: neither can interleave with the discard.
        await lockInstitution(tx, 'allocation', semester.institutionId);
        await lockSemesterChoiceState(tx, semester.id);
        const names = await tx
          .select({ name: divisions.name })
          .from(divisions)
          .where(eq(divisions.semesterId, semester.id))
          .orderBy(divisions.ordering, divisions.name);
        if (names.length === 0) throw conflict(`${label} has no divisions to plan again`);
        const held = (await lockSessionsOfSemester(tx, semester.id)).filter((s) => s.status !== 'pre');
        if (held.length > 0) {
          throw conflict(
            `The divisions of ${label} cannot be planned again: ${held.length} session${held.length === 1 ? ' of its lectures has' : 's of its lectures have'} already been held, and the attendance taken belongs to these divisions`,
          );
        }
        const lectureTotal = await lectureCount(tx, semester.id);
        const allocations = await tx
          .delete(teacherAllocations)
          .where(eq(teacherAllocations.semesterId, semester.id))
          .returning({ id: teacherAllocations.id });
        // Cascades to memberships, batches, timetables, lectures and their unstarted sessions.
        await tx.delete(divisions).where(eq(divisions.semesterId, semester.id));
        // Instant lectures not yet held were for the discarded divisions: they go with them.
        await tx.delete(instantLectures).where(eq(instantLectures.semesterId, semester.id));
        await tx
          .update(semesters)
          .set({ divisionsCreated: false, allocationConfirmed: false })
          .where(eq(semesters.id, semester.id));
        const result: DivisionsReset = {
          semester_slug: semester.slug,
          divisions: names.map((d) => d.name),
          lectures: lectureTotal,
          teacher_allocations: allocations.length,
        };
        await audit(tx, {
          institutionId: auth.institutionId,
          actorProfileId: auth.profileId,
          action: 'divisions.reset',
          entityType: 'semester',
          entitySlug: semester.slug,
          detail: { ...result },
        });
        return result;
      });
    },
  };
}
