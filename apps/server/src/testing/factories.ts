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
import { hashPassword } from '../modules/auth/passwords';

export const TEST_PASSWORD = 'Secret-pass-1';
let passwordHash: Promise<string> | undefined;
const testHash = () => (passwordHash ??= hashPassword(TEST_PASSWORD));
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(++counter).toString(36)}`;

/** One factory per entity: each builds a valid row with its parents, and takes overrides. */
export async function buildInstitution(db: Db, overrides: Partial<typeof institutions.$inferInsert> = {}) {
  const [row] = await db
    .insert(institutions)
    .values({ name: `Institute ${unique()}`, code: '001', ...overrides })
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
