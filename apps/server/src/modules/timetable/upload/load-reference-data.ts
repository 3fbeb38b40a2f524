import { joinLectureOwners } from '../../../db/queries/lecture-owners';
import { and, eq, inArray } from 'drizzle-orm';
import {
  branches,
  catalogueSubjects,
  classrooms,
  divisions,
  lectures,
  offeredSubjectBatches,
  offeredSubjects,
  profiles,
  semesters,
  streams,
  teacherBranches,
  teachers,
} from '../../../db/schema';
import type { DbOrTx } from '../../../db/client';
import { batchesOfDivisions } from '../../../db/queries/batches-of-divisions';
import { dbTimeToMinutes } from '../../../lib/clock-time';
import { refKey, type ReferenceData, type SemesterRef } from './reference-data';

/**
 * Loads what an upload may name: the institution's teachers and classrooms, the semesters of the
 * given branches (the admin's) with their divisions, batches and offered subjects, and every active
 * lecture of the institution for clash checks. Nine queries, whatever the file's size, one after
 * another: it runs inside the import's transaction, whose one connection takes them in turn anyway
 * (and node-postgres refuses overlapping queries on one client from its next major on).
 */
export async function loadReferenceData(
  db: DbOrTx,
  institutionId: number,
  branchIds: number[],
): Promise<ReferenceData> {
  const teacherRows = await db
    .select({ id: teachers.id, code: teachers.teacherCode, name: profiles.name })
    .from(teachers)
    .innerJoin(profiles, eq(profiles.id, teachers.profileId))
    .where(eq(teachers.institutionId, institutionId));
  const teacherBranchRows = await db
    .select({ teacherId: teacherBranches.teacherId, branchId: teacherBranches.branchId })
    .from(teacherBranches)
    .innerJoin(teachers, eq(teachers.id, teacherBranches.teacherId))
    .where(eq(teachers.institutionId, institutionId));
  const classroomRows = await db
    .select({ id: classrooms.id, name: classrooms.name })
    .from(classrooms)
    .where(eq(classrooms.institutionId, institutionId));
  const semesterRows =
    branchIds.length === 0
      ? []
      : await db
          .select({
            id: semesters.id,
            no: semesters.no,
            isActive: semesters.isActive,
            streamTitle: streams.title,
            branchId: branches.id,
            branchName: branches.name,
            branchCode: branches.code,
          })
          .from(semesters)
          .innerJoin(streams, eq(streams.id, semesters.streamId))
          .innerJoin(branches, eq(branches.id, streams.branchId))
          .where(and(eq(semesters.institutionId, institutionId), inArray(streams.branchId, branchIds)));
  const semesterIds = semesterRows.map((s) => s.id);
  const divisionRows =
    semesterIds.length === 0
      ? []
      : await db
          .select({ id: divisions.id, semesterId: divisions.semesterId, name: divisions.name })
          .from(divisions)
          .where(inArray(divisions.semesterId, semesterIds))
          .orderBy(divisions.ordering, divisions.name);
  const subjectRows =
    semesterIds.length === 0
      ? []
      : await db
          .select({
            id: offeredSubjects.id,
            semesterId: offeredSubjects.semesterId,
            isElective: offeredSubjects.isElective,
            code: catalogueSubjects.subjectCode,
            shortName: catalogueSubjects.shortName,
            name: catalogueSubjects.subjectName,
          })
          .from(offeredSubjects)
          .innerJoin(catalogueSubjects, eq(catalogueSubjects.id, offeredSubjects.catalogueSubjectId))
          .where(inArray(offeredSubjects.semesterId, semesterIds));
  const divisionIds = divisionRows.map((d) => d.id);
  const subjectIds = subjectRows.map((s) => s.id);
  const batchRows = await batchesOfDivisions(db, divisionIds);
  const takingRows =
    subjectIds.length === 0
      ? []
      : await db
          .select({
            subjectId: offeredSubjectBatches.offeredSubjectId,
            batchId: offeredSubjectBatches.batchId,
          })
          .from(offeredSubjectBatches)
          .where(inArray(offeredSubjectBatches.offeredSubjectId, subjectIds));
  const existingRows = await joinLectureOwners(
    db
      .select({
        divisionId: divisions.id,
        divisionName: divisions.name,
        semesterNo: semesters.no,
        streamTitle: streams.title,
        branchName: branches.name,
        day: lectures.day,
        startTime: lectures.startTime,
        endTime: lectures.endTime,
        teacherId: lectures.teacherId,
        classroomId: lectures.classroomId,
        subject: catalogueSubjects.shortName,
        subjectCode: catalogueSubjects.subjectCode,
      })
      .from(lectures)
      .$dynamic(),
  )
    .innerJoin(branches, eq(branches.id, streams.branchId))
    .innerJoin(offeredSubjects, eq(offeredSubjects.id, lectures.offeredSubjectId))
    .innerJoin(catalogueSubjects, eq(catalogueSubjects.id, offeredSubjects.catalogueSubjectId))
    .where(and(eq(semesters.institutionId, institutionId), eq(lectures.isActive, true)));

  const taking = new Map<number, Set<number>>();
  for (const t of takingRows) {
    const set = taking.get(t.subjectId) ?? new Set<number>();
    set.add(t.batchId);
    taking.set(t.subjectId, set);
  }
  const semestersById = new Map<number, SemesterRef>(
    semesterRows.map((s) => [s.id, { ...s, divisions: [], subjects: [] }]),
  );
  const divisionsById = new Map<number, SemesterRef['divisions'][number]>();
  for (const d of divisionRows) {
    const division = { id: d.id, name: d.name, batches: [] };
    divisionsById.set(d.id, division);
    semestersById.get(d.semesterId)?.divisions.push(division);
  }
  for (const b of batchRows) divisionsById.get(b.divisionId)?.batches.push(b);
  for (const s of subjectRows) {
    semestersById.get(s.semesterId)?.subjects.push({ ...s, batchIds: taking.get(s.id) ?? new Set() });
  }

  const branchesOfTeacher = new Map<number, Set<number>>();
  for (const { teacherId, branchId } of teacherBranchRows) {
    const set = branchesOfTeacher.get(teacherId) ?? new Set<number>();
    set.add(branchId);
    branchesOfTeacher.set(teacherId, set);
  }

  return {
    teachers: new Map(
      teacherRows.map((t) => [
        refKey(t.code),
        {
          id: t.id,
          code: t.code,
          name: t.name ?? t.code,
          branchIds: branchesOfTeacher.get(t.id) ?? new Set(),
        },
      ]),
    ),
    classrooms: new Map(classroomRows.map((c) => [refKey(c.name), c])),
    semesters: [...semestersById.values()],
    existing: existingRows.map((e) => ({
      divisionId: e.divisionId,
      day: e.day,
      start: dbTimeToMinutes(e.startTime),
      end: dbTimeToMinutes(e.endTime),
      teacherId: e.teacherId,
      classroomId: e.classroomId,
      label: `${e.subject ?? e.subjectCode} for ${e.streamTitle} ${e.semesterNo} ${e.divisionName} (${e.branchName})`,
    })),
  };
}
