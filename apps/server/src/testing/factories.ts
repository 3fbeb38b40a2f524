import type { Db } from '../db/client';
import {
  adminBranches,
  branches,
  institutions,
  profiles,
  semesters,
  streams,
  students,
  teacherBranches,
  teachers,
} from '../db/schema';
import { hashPassword } from '../lib/passwords';

export const TEST_PASSWORD = 'Secret-pass-1';

/** A catalogue subject's usual weekly hours in test worlds (3 h theory, 2 h practical). */
export const TEST_SUBJECT_HOURS = { lectureHours: 3, tutorialHours: 0, practicalHours: 2 } as const;

/** A catalogue subject's credit and marks in test worlds; no rule reads them. */
export const TEST_SUBJECT_MARKS = {
  credit: '4.0',
  marksE: 70,
  marksM: 30,
  marksI: 25,
  marksV: 25,
  totalMarks: 150,
} as const;
let passwordHash: Promise<string> | undefined;
const testHash = () => (passwordHash ??= hashPassword(TEST_PASSWORD));
let counter = 0;
// The counter first: a value cut short (a teacher code's 10 characters) stays unique within the
// process, however many files its worker has run (test files share a worker's modules).
const unique = () => `${(++counter).toString(36)}${Date.now().toString(36)}`;

/** One factory per entity: each builds a valid row with its parents, and takes overrides. */
export async function buildInstitution(db: Db, overrides: Partial<typeof institutions.$inferInsert> = {}) {
  const [row] = await db
    .insert(institutions)
    .values({ name: `Institute ${unique()}`, code: `I${unique()}`, ...overrides })
    .returning();
  return row!;
}

export async function buildBranch(db: Db, overrides: Partial<typeof branches.$inferInsert> = {}) {
  const institutionId = overrides.institutionId ?? (await buildInstitution(db)).id;
  const [row] = await db
    .insert(branches)
    .values({ name: 'Computer Engineering', code: unique(), ...overrides, institutionId })
    .returning();
  return row!;
}

export async function buildStream(db: Db, overrides: Partial<typeof streams.$inferInsert> = {}) {
  const branch = overrides.branchId
    ? undefined
    : await buildBranch(db, overrides.institutionId ? { institutionId: overrides.institutionId } : {});
  const [row] = await db
    .insert(streams)
    .values({
      title: 'BE',
      streamCode: '07',
      institutionId: branch?.institutionId ?? overrides.institutionId!,
      branchId: branch?.id ?? overrides.branchId!,
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * Another institution with one branch (code 07) and its BE stream: the world that must never see,
 * nor be seen by, the institution under test.
 */
export async function buildOtherInstitution(db: Db) {
  const institution = await buildInstitution(db);
  const branch = await buildBranch(db, { institutionId: institution.id, code: '07' });
  const stream = await buildStream(db, { institutionId: institution.id, branchId: branch.id });
  return { institution, branch, stream };
}

/**
 * An institution with the two branches most tests need, Computer Engineering (code 07) and
 * Information Technology (code 16), and CE's BE stream.
 */
export async function buildCollege(db: Db) {
  const institution = await buildInstitution(db);
  const institutionId = institution.id;
  const ce = await buildBranch(db, { institutionId, name: 'Computer Engineering', code: '07' });
  const it = await buildBranch(db, { institutionId, name: 'Information Technology', code: '16' });
  const ceBE = await buildStream(db, { institutionId, branchId: ce.id, title: 'BE', streamCode: '07' });
  return { institution, institutionId, ce, it, ceBE };
}

export async function buildSemester(db: Db, overrides: Partial<typeof semesters.$inferInsert> = {}) {
  const stream = overrides.streamId
    ? undefined
    : await buildStream(db, overrides.institutionId ? { institutionId: overrides.institutionId } : {});
  const [row] = await db
    .insert(semesters)
    .values({
      no: 5,
      institutionId: stream?.institutionId ?? overrides.institutionId!,
      streamId: stream?.id ?? overrides.streamId!,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function buildProfile(
  db: Db,
  overrides: Partial<typeof profiles.$inferInsert> & { role: 'admin' | 'teacher' | 'student' },
) {
  const institutionId = overrides.institutionId ?? (await buildInstitution(db)).id;
  const [row] = await db
    .insert(profiles)
    .values({
      name: 'Test Person',
      email: `person-${unique()}@example.test`,
      passwordHash: await testHash(),
      ...overrides,
      institutionId,
    })
    .returning();
  return row!;
}

export async function buildAdmin(
  db: Db,
  overrides: Partial<typeof profiles.$inferInsert> & { branchId?: number } = {},
) {
  const branch = overrides.branchId
    ? undefined
    : await buildBranch(db, overrides.institutionId ? { institutionId: overrides.institutionId } : {});
  const branchId = overrides.branchId ?? branch!.id;
  const institutionId = overrides.institutionId ?? branch!.institutionId;
  const profile = await buildProfile(db, { ...overrides, role: 'admin', institutionId });
  await db.insert(adminBranches).values({ profileId: profile.id, branchId });
  return { profile, branchId };
}

export async function buildTeacher(
  db: Db,
  overrides: Partial<typeof profiles.$inferInsert> & { branchId?: number; teacherCode?: string } = {},
) {
  const branch = overrides.branchId
    ? undefined
    : await buildBranch(db, overrides.institutionId ? { institutionId: overrides.institutionId } : {});
  const branchId = overrides.branchId ?? branch!.id;
  const institutionId = overrides.institutionId ?? branch!.institutionId;
  const { teacherCode, ...profileOverrides } = overrides;
  const profile = await buildProfile(db, { ...profileOverrides, role: 'teacher', institutionId });
  const [teacher] = await db
    .insert(teachers)
    .values({ institutionId, profileId: profile.id, teacherCode: teacherCode ?? `T${unique()}`.slice(0, 10) })
    .returning();
  await db.insert(teacherBranches).values({ teacherId: teacher!.id, branchId });
  return { profile, teacher: teacher!, branchId };
}

type BuiltTeacher = Awaited<ReturnType<typeof buildTeacher>>;

/** Several teachers of one branch, in order, from `[name, teacher code]` pairs (one per pair). */
export async function buildTeachers<const People extends ReadonlyArray<readonly [string, string]>>(
  db: Db,
  where: { institutionId: number; branchId: number },
  people: People,
): Promise<{ -readonly [K in keyof People]: BuiltTeacher }> {
  const built: BuiltTeacher[] = [];
  for (const [name, teacherCode] of people)
    built.push(await buildTeacher(db, { ...where, name, teacherCode }));
  // One teacher per pair, in order: the tuple type says exactly that.
  return built as { -readonly [K in keyof People]: BuiltTeacher };
}

export async function buildStudent(
  db: Db,
  overrides: Partial<typeof profiles.$inferInsert> & {
    branchId?: number;
    enrollment?: string;
    semesterId?: number;
  } = {},
) {
  const branch = overrides.branchId
    ? undefined
    : await buildBranch(db, overrides.institutionId ? { institutionId: overrides.institutionId } : {});
  const branchId = overrides.branchId ?? branch!.id;
  const institutionId = overrides.institutionId ?? branch!.institutionId;
  const { enrollment, semesterId, ...profileOverrides } = overrides;
  const profile = await buildProfile(db, { ...profileOverrides, role: 'student', institutionId });
  const [student] = await db
    .insert(students)
    .values({
      institutionId,
      profileId: profile.id,
      branchId,
      enrollment: enrollment ?? `E${unique()}`,
      semesterId: semesterId ?? null,
    })
    .returning();
  return { profile, student: student! };
}
