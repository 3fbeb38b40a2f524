import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { profiles } from '../db/schema';
import { auditLog, notifications, streams } from '../db/schema';
import {
  buildAdmin,
  buildCollege,
  buildSemester,
  buildStudent,
  buildTeacher,
  buildOtherInstitution,
  buildTeachers,
} from './factories';
import { insertCatalogue } from './catalogue-fixture';
import { call } from './test-app';
import { accessTokenFor } from './tokens';

type Profile = typeof profiles.$inferSelect;

interface Ctx {
  app: FastifyInstance;
  db: Db;
  clock: { now(): Date };
}

/** A fresh access token for a profile at the test clock's time (tokens outlive no clock jump). */
export function tokenFor(t: Ctx, p: Profile): Promise<string> {
  return accessTokenFor(t.app.deps.tokens, p, t.clock.now().getTime());
}

/** Calls the API as a person (or anonymously with `null`). */
export async function as(t: Ctx, who: Profile | null, method: 'GET' | 'POST', url: string, body?: unknown) {
  return call(t.app, {
    method,
    url,
    ...(who ? { token: await tokenFor(t, who) } : {}),
    ...(body !== undefined ? { body } : {}),
  });
}

/** Unix seconds of midnight UTC of a date, as the client's date picker sends it. */
export const seconds = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

type Entry = [code: string, name: string, category: string, elective: boolean];

const CE5: Entry[] = [
  ['350701', 'Analysis of Algorithms', 'Professional Core Course', false],
  ['350702', 'Computer Networks', 'Professional Core Course', false],
  ['350711', 'Machine Learning', 'Professional Elective Course', true],
  ['350712', 'Cloud Computing', 'Professional Elective Course', true],
  ['350713', 'Internet of Things', 'Professional Elective Course', true],
  ['350721', 'Cyber Laws', 'Open Elective Course', true],
  ['350722', 'Disaster Management', 'Open Elective Course', true],
  ['350731', 'Technical Writing', 'Humanities Elective', true],
];

const IT5: Entry[] = [
  ['351601', 'Operating Systems', 'Professional Core Course', false],
  ['351611', 'Machine Learning', 'Professional Elective Course', true],
  ['351612', 'Web Programming', 'Professional Elective Course', true],
];

/** Inserts catalogue rows of one stream/semester/year and returns them by subject code. */
export async function buildCatalogue(
  db: Db,
  key: { institutionId: number; streamCode: string; semYear: number; year: string; degree?: string },
  entries: Entry[],
) {
  const rows = await insertCatalogue(
    db,
    key,
    entries.map(([code, name, category, elective]) => ({ code, name, category, elective })),
  );
  return Object.fromEntries(rows.map((r) => [r.subjectCode, r]));
}

/**
 * Two branches of one institution (CE with BE semester 5, IT with BE semester 5), their admins,
 * teachers and students, catalogues for two academic years, and a second institution with its own
 * admin and semester, for checking that nothing leaks across.
 */
export async function buildSubjectsWorld(db: Db) {
  const { institution, institutionId, ce, it, ceBE } = await buildCollege(db);
  const [itBE] = await db
    .insert(streams)
    .values({ institutionId, branchId: it.id, title: 'BE', streamCode: '16' })
    .returning();
  const ceSem5 = await buildSemester(db, {
    institutionId,
    streamId: ceBE.id,
    no: 5,
    academicYear: '2026-27',
  });
  const ceSem7 = await buildSemester(db, {
    institutionId,
    streamId: ceBE.id,
    no: 7,
    academicYear: '2026-27',
  });
  const itSem5 = await buildSemester(db, {
    institutionId,
    streamId: itBE!.id,
    no: 5,
    academicYear: '2026-27',
  });
  const ceCatalogue = await buildCatalogue(
    db,
    { institutionId, streamCode: '07', semYear: 5, year: '2026-27' },
    CE5,
  );
  const ceOld = await buildCatalogue(
    db,
    { institutionId, streamCode: '07', semYear: 5, year: '2025-26' },
    CE5.slice(0, 2),
  );
  const itCatalogue = await buildCatalogue(
    db,
    { institutionId, streamCode: '16', semYear: 5, year: '2026-27' },
    IT5,
  );

  const admin = await buildAdmin(db, { institutionId, branchId: ce.id, name: 'CE Admin' });
  const itAdmin = await buildAdmin(db, { institutionId, branchId: it.id, name: 'IT Admin' });
  const [teacherA, teacherB] = await buildTeachers(db, { institutionId, branchId: ce.id }, [
    ['Asha Teacher', 'AT'],
    ['Bharat Teacher', 'BT'],
  ]);
  const itTeacher = await buildTeacher(db, {
    institutionId,
    branchId: it.id,
    name: 'Isha Teacher',
    teacherCode: 'IT1',
  });
  const students = [];
  for (const [i, name] of ['Aarav Patel', 'Diya Shah', 'Kabir Mehta'].entries()) {
    students.push(
      await buildStudent(db, {
        institutionId,
        branchId: ce.id,
        semesterId: ceSem5.id,
        name,
        enrollment: `2607${i + 1}`,
      }),
    );
  }
  const itStudent = await buildStudent(db, {
    institutionId,
    branchId: it.id,
    semesterId: itSem5.id,
    name: 'Riya Joshi',
  });

  const { institution: other, branch: otherBranch, stream: otherStream } = await buildOtherInstitution(db);
  const otherSem = await buildSemester(db, { institutionId: other.id, streamId: otherStream.id, no: 5 });
  const otherCatalogue = await buildCatalogue(
    db,
    { institutionId: other.id, streamCode: '07', semYear: 5, year: '2026-27' },
    CE5,
  );
  const otherAdmin = await buildAdmin(db, { institutionId: other.id, branchId: otherBranch.id });
  const otherTeacher = await buildTeacher(db, { institutionId: other.id, branchId: otherBranch.id });
  const otherStudent = await buildStudent(db, {
    institutionId: other.id,
    branchId: otherBranch.id,
    semesterId: otherSem.id,
  });

  return {
    institution,
    ce,
    it,
    ceBE,
    itBE: itBE!,
    ceSem5,
    ceSem7,
    itSem5,
    ceCatalogue,
    ceOld,
    itCatalogue,
    admin: admin.profile,
    itAdmin: itAdmin.profile,
    teacherA,
    teacherB,
    itTeacher,
    students,
    itStudent,
    other: {
      institution: other,
      stream: otherStream,
      semester: otherSem,
      catalogue: otherCatalogue,
      admin: otherAdmin.profile,
      teacher: otherTeacher,
      student: otherStudent,
    },
  };
}

export type SubjectsWorld = Awaited<ReturnType<typeof buildSubjectsWorld>>;

/** Locks CE semester 5 with the given catalogue codes (all of the 2026-27 catalogue by default). */
export async function lockCeSem5(
  t: Ctx,
  w: SubjectsWorld,
  opts: { codes?: string[]; deadline?: string; nonTech?: string[] } = {},
) {
  const codes = opts.codes ?? Object.keys(w.ceCatalogue);
  const slugs = codes.map((c) => w.ceCatalogue[c]!.slug);
  const res = await as(t, w.admin, 'POST', '/api/manage/add_subjects_to_semester/', {
    semester_slug: w.ceSem5.slug,
    subject_slugs: slugs,
    deadline_timestamp: seconds(opts.deadline ?? '2026-11-20'),
    non_tech_subjects: (opts.nonTech ?? []).map((c) => w.ceCatalogue[c]!.slug),
  });
  if (res.status !== 200) throw new Error(`lock failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as {
    slug: string;
    subject_code: string;
    subject_name: string;
    is_elective: boolean;
  }[];
}

/** Locks IT semester 5 with its whole catalogue. */
export async function lockItSem5(t: Ctx, w: SubjectsWorld, deadline = '2026-11-20') {
  const res = await as(t, w.itAdmin, 'POST', '/api/manage/add_subjects_to_semester/', {
    semester_slug: w.itSem5.slug,
    subject_slugs: Object.values(w.itCatalogue).map((c) => c.slug),
    deadline_timestamp: seconds(deadline),
    non_tech_subjects: [],
  });
  if (res.status !== 200) throw new Error(`lock failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { slug: string; subject_code: string; subject_name: string }[];
}

/** Alerts a person has, oldest first. */
export async function alertsOf(db: Db, profileId: number) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.profileId, profileId))
    .orderBy(notifications.id);
}

/** Audit entries with one action. */
export async function auditEntries(db: Db, action: string) {
  return db.select().from(auditLog).where(eq(auditLog.action, action));
}

/** Moves the test clock to a local time in Kolkata. */
export function at(clock: { set(d: Date): void }, localIso: string) {
  clock.set(new Date(`${localIso}+05:30`));
}
