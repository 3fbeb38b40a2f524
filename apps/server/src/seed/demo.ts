import { count, eq, sql } from 'drizzle-orm';
import type { WorkbookProblem } from '@rollbook/contract';
import type { Db } from '../db/client';
import { institutions, profiles, teachers } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { localDate } from '../lib/week';
import { importWorkbook } from '../modules/onboarding/import-workbook';
import { addBranchAdmin, createInstitution } from '../modules/onboarding/institution-setup';
import { seededRandom } from './random';
import { DEMO_CAMPUS, DEMO_INSTITUTION_CODE, DEMO_NEW_TEACHER_EMAIL, demoWorkbook } from './demo-workbook';
import { seedDemoSubjects } from './demo-subjects';
import { seedDemoTimetable } from './demo-timetable';
import { seedDemoAllocation } from './demo-allocation';
import { seedDemoHistory } from './demo-history';
import { seedDemoConfirmedLoad } from './demo-confirmed-load';

export { DEMO_CAMPUS, DEMO_INSTITUTION_CODE } from './demo-workbook';

export const DEMO_PASSWORD = 'Rollbook@2026';

/**
 * Where the demo's syllabus PDFs live: the university bucket the original client linked every
 * subject to. A real institution sets its own template (or none) on the settings page.
 */
export const DEMO_SYLLABUS_URL_TEMPLATE =
  'https://s3-ap-southeast-1.amazonaws.com/gtusitecirculars/Syallbus/{code}.pdf';

export const DEMO_ACCOUNTS = [
  {
    email: 'registrar@rollbook.test',
    description: 'institution admin (every branch: settings, classrooms, institution set-up)',
  },
  { email: 'admin@rollbook.test', description: 'admin, Computer Engineering' },
  { email: 'admin.it@rollbook.test', description: 'admin, Information Technology' },
  { email: 'teacher@rollbook.test', description: 'teacher (Chirag S. Thakkar, CST)' },
  {
    email: 'student@rollbook.test',
    description: 'student (BE semester 7, Computer Engineering, division A, batch A1)',
  },
  {
    email: 'student.me@rollbook.test',
    description: 'student (ME semester 1, Computer Engineering: electives open)',
  },
  {
    email: 'newteacher@rollbook.test',
    description: 'teacher with a temporary password (login asks for a new one)',
  },
] as const;

const DEMO_TIMEZONE = 'Asia/Kolkata';

/**
 * The demo's calendar day at `now`: what its data depends on (its past weeks of attendance are
 * counted back from the week of that day), so demos seeded on one such day are interchangeable.
 */
export function demoDay(now: Date): string {
  return localDate(now, DEMO_TIMEZONE);
}

/** `now`: the moment the demo's past weeks of attendance are counted back from (tests pass their clock's). */
export interface SeedOptions {
  now?: Date;
}

/** Seeds the demo institution when the database has none; returns whether it did. */
export async function seedDemoIfEmpty(db: Db, opts: SeedOptions = {}): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(institutions);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(db, opts);
  return true;
}

/** What the demo's import refused, one problem a line (a mistake in the demo workbook). */
function describeProblems(problems: WorkbookProblem[]): string {
  return problems.map((p) => `${p.sheet} row ${p.row ?? '-'} ${p.column ?? ''}: ${p.message}`).join('\n');
}

/**
 * The demo institution, built the way a registrar builds theirs: `institution create`, the
 * institution workbook through the import (demo-workbook.ts), `admin add` for the branch admins;
 * then what only a demo needs: the published password on every account, its settings (campus
 * point, an always-open session window, syllabus links), offered subjects, timetables and
 * allocation proposals. One transaction: a failure leaves no half-built demo (whose append-only
 * audit trail could not be removed), so the next start seeds again.
 */
export async function seedDemo(db: Db, opts: SeedOptions = {}): Promise<void> {
  await db.transaction((tx) => buildDemo(tx, opts.now ?? new Date()));
}

async function buildDemo(db: Db, now: Date): Promise<void> {
  const created = await createInstitution(db, {
    name: 'Rollbook Institute of Technology',
    code: DEMO_INSTITUTION_CODE,
    timezone: DEMO_TIMEZONE,
    adminEmail: 'registrar@rollbook.test',
    adminName: 'Kavita N. Desai',
  });
  const [inst] = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(eq(institutions.slug, created.institution.slug));
  const institutionId = inst!.id;
  await db
    .update(institutions)
    .set({
      campusLatitude: DEMO_CAMPUS.latitude,
      campusLongitude: DEMO_CAMPUS.longitude,
      // The demo is tried at any hour: its teachers may start today's lectures all day long. A
      // real institution keeps the default (SESSION_START_EARLY_MINUTES / _LATE_MINUTES margins).
      sessionWindowAlwaysOpen: true,
      syllabusUrlTemplate: DEMO_SYLLABUS_URL_TEMPLATE,
    })
    .where(eq(institutions.id, institutionId));
  const workbook = demoWorkbook(seededRandom(2026));
  const imported = await importWorkbook(db, [], {
    institutionId,
    actorProfileId: null,
    dryRun: false,
    read: () => Promise.resolve(workbook),
  });
  if (!imported.applied)
    throw new Error(`the demo workbook was refused:\n${describeProblems(imported.problems)}`);
  for (const admin of BRANCH_ADMINS)
    await addBranchAdmin(db, { institutionCode: DEMO_INSTITUTION_CODE, ...admin });
  await publishDemoPasswords(db, institutionId);
  await rankTeachers(db, institutionId);
  // Subjects first: the timetable seed reuses the offered subjects of CE BE semester 7.
  await seedDemoSubjects(db);
  await seedDemoTimetable(db);
  // Teacher priorities for every planned semester, so the load allocation has a proposal to review.
  await seedDemoAllocation(db);
  // CE's allocation confirmed from its timetable: the demo teacher's load matches what he teaches.
  await seedDemoConfirmedLoad(db, 'admin@rollbook.test');
  // Past weeks of held sessions, so every attendance report has something to show.
  await seedDemoHistory(db, now);
}

const BRANCH_ADMINS = [
  { email: 'admin@rollbook.test', name: 'Meera K. Shah', branchCode: '07' },
  { email: 'admin.it@rollbook.test', name: 'Rajesh P. Iyer', branchCode: '16' },
];

/**
 * Every demo account signs in with the published password, which the import and `admin add` never
 * set (they invite, or print a temporary password); only the "new teacher" still has to choose one.
 * One argon2id hash serves them all.
 */
async function publishDemoPasswords(db: Db, institutionId: number) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .update(profiles)
    .set({ passwordHash, mustChangePassword: sql`${profiles.email} = ${DEMO_NEW_TEACHER_EMAIL}` })
    .where(eq(profiles.institutionId, institutionId));
}

/**
 * Seniority 1 to 10 in the order the teachers were imported, as the demo always had: the workbook
 * has no such column, and the allocation proposal breaks ties by it.
 */
async function rankTeachers(db: Db, institutionId: number) {
  await db.execute(sql`
    UPDATE ${teachers} t SET seniority = ranked.n % 10 + 1
    FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM ${teachers} WHERE institution_id = ${institutionId}) ranked
    WHERE t.id = ranked.id`);
}
