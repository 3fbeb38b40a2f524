import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  academicTerms,
  branches,
  catalogueSubjects,
  classroomBranches,
  classrooms,
  divisionStudents,
  profiles,
  semesters,
  streams,
  students,
  teacherBranches,
  teachers,
} from '../../db/schema';

/** Keys compare without case (a code typed `ce` finds `CE`) and without surrounding spaces. */
export const keyOf = (...parts: (string | number)[]) =>
  parts.map((p) => String(p).trim().toUpperCase()).join('\u0001');

export type ExistingSubject = typeof catalogueSubjects.$inferSelect;

/** What an institution already has, as the workbook's checks compare against it. */
export interface ExistingData {
  institutionId: number;
  branches: { id: number; code: string; name: string }[];
  streams: { id: number; branchId: number; streamCode: string; title: string }[];
  semesters: {
    id: number;
    streamId: number;
    no: number;
    academicYear: string | null;
    termId: number | null;
    startDate: string | null;
    endDate: string | null;
  }[];
  terms: { id: number; startYear: number; isActive: boolean }[];
  classrooms: {
    id: number;
    name: string;
    kind: 'classroom' | 'lab';
    latitude: number;
    longitude: number;
    radiusM: number;
    capacity: number | null;
    branchIds: number[];
  }[];
  subjects: ExistingSubject[];
  teachers: {
    profileId: number;
    teacherId: number;
    email: string;
    name: string | null;
    teacherCode: string;
    maxWeeklyHours: number | null;
    branchIds: number[];
  }[];
  students: {
    profileId: number;
    studentId: number;
    enrollment: string;
    name: string | null;
    email: string;
    branchId: number;
    streamId: number | null;
    semesterId: number | null;
    placed: boolean;
  }[];
  /** Every profile, in any institution, holding one of the workbook's emails (lower-cased). */
  emails: Map<string, { profileId: number; institutionId: number; role: 'admin' | 'teacher' | 'student' }>;
}

const CHUNK = 1_000;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * Loads the institution's current rows the workbook may match or refer to, and the owners of the
 * workbook's emails anywhere in Rollbook (sign-in emails are unique across institutions).
 */
export async function loadExistingData(
  db: DbOrTx,
  institutionId: number,
  workbookEmails: string[],
): Promise<ExistingData> {
  const branchRows = await db
    .select({ id: branches.id, code: branches.code, name: branches.name })
    .from(branches)
    .where(eq(branches.institutionId, institutionId))
    .orderBy(asc(branches.id));
  const streamRows = await db
    .select({
      id: streams.id,
      branchId: streams.branchId,
      streamCode: streams.streamCode,
      title: streams.title,
    })
    .from(streams)
    .where(eq(streams.institutionId, institutionId))
    .orderBy(asc(streams.id));
  const semesterRows = await db
    .select({
      id: semesters.id,
      streamId: semesters.streamId,
      no: semesters.no,
      academicYear: semesters.academicYear,
      termId: semesters.termId,
      startDate: semesters.startDate,
      endDate: semesters.endDate,
    })
    .from(semesters)
    .where(eq(semesters.institutionId, institutionId))
    .orderBy(asc(semesters.id));
  const termRows = await db
    .select({ id: academicTerms.id, startYear: academicTerms.startYear, isActive: academicTerms.isActive })
    .from(academicTerms)
    .where(eq(academicTerms.institutionId, institutionId));

  const roomRows = await db.select().from(classrooms).where(eq(classrooms.institutionId, institutionId));
  const roomBranchRows = await db
    .select({ classroomId: classroomBranches.classroomId, branchId: classroomBranches.branchId })
    .from(classroomBranches)
    .innerJoin(classrooms, eq(classrooms.id, classroomBranches.classroomId))
    .where(eq(classrooms.institutionId, institutionId));

  const subjectRows = await db
    .select()
    .from(catalogueSubjects)
    .where(eq(catalogueSubjects.institutionId, institutionId));

  const teacherRows = await db
    .select({
      profileId: profiles.id,
      teacherId: teachers.id,
      email: profiles.email,
      name: profiles.name,
      teacherCode: teachers.teacherCode,
      maxWeeklyHours: teachers.maxWeeklyHours,
    })
    .from(teachers)
    .innerJoin(profiles, eq(profiles.id, teachers.profileId))
    .where(eq(teachers.institutionId, institutionId));
  const teacherBranchRows = await db
    .select({ teacherId: teacherBranches.teacherId, branchId: teacherBranches.branchId })
    .from(teacherBranches)
    .innerJoin(teachers, eq(teachers.id, teacherBranches.teacherId))
    .where(eq(teachers.institutionId, institutionId))
    .orderBy(asc(teacherBranches.ordering), asc(teacherBranches.branchId));

  const studentRows = await db
    .select({
      profileId: profiles.id,
      studentId: students.id,
      enrollment: students.enrollment,
      name: profiles.name,
      email: profiles.email,
      branchId: students.branchId,
      streamId: students.streamId,
      semesterId: students.semesterId,
      // Placed in a division of their semester: the import may not move them (sheets/people.ts).
      placed: sql<boolean>`exists (select 1 from ${divisionStudents} where ${divisionStudents.studentId} = ${students.id} and ${divisionStudents.semesterId} = ${students.semesterId})`,
    })
    .from(students)
    .innerJoin(profiles, eq(profiles.id, students.profileId))
    .where(eq(students.institutionId, institutionId));

  const emails: ExistingData['emails'] = new Map();
  for (const part of chunks([...new Set(workbookEmails)])) {
    const rows = await db
      .select({
        id: profiles.id,
        email: sql<string>`lower(${profiles.email})`,
        institutionId: profiles.institutionId,
        role: profiles.role,
      })
      .from(profiles)
      .where(inArray(sql`lower(${profiles.email})`, part));
    for (const r of rows)
      emails.set(r.email, { profileId: r.id, institutionId: r.institutionId, role: r.role });
  }

  const branchesOfRoom = new Map<number, number[]>();
  for (const r of roomBranchRows)
    branchesOfRoom.set(r.classroomId, [...(branchesOfRoom.get(r.classroomId) ?? []), r.branchId]);
  const branchesOfTeacher = new Map<number, number[]>();
  for (const r of teacherBranchRows)
    branchesOfTeacher.set(r.teacherId, [...(branchesOfTeacher.get(r.teacherId) ?? []), r.branchId]);

  return {
    institutionId,
    branches: branchRows,
    streams: streamRows,
    semesters: semesterRows,
    terms: termRows,
    classrooms: roomRows.map((r) => ({
      id: r.id,
      name: r.name,
      kind: r.kind,
      latitude: r.latitude,
      longitude: r.longitude,
      radiusM: r.radiusM,
      capacity: r.capacity,
      branchIds: (branchesOfRoom.get(r.id) ?? []).sort((a, b) => a - b),
    })),
    subjects: subjectRows,
    teachers: teacherRows.map((t) => ({
      ...t,
      email: t.email.toLowerCase(),
      branchIds: branchesOfTeacher.get(t.teacherId) ?? [],
    })),
    students: studentRows.map((s) => ({ ...s, email: s.email.toLowerCase() })),
    emails,
  };
}
