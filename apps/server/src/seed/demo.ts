import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  academicTerms,
  adminBranches,
  branches,
  catalogueSubjects,
  classroomBranches,
  classrooms,
  institutions,
  profiles,
  semesters,
  streams,
  students,
  teacherBranches,
  teachers,
} from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { ACADEMIC_YEARS, catalogueFor } from './catalogue-data';
import { GIVEN_NAMES, SURNAMES, TEACHER_NAMES } from './people-data';
import { pick, seededRandom } from './random';
import { seedDemoSubjects } from './demo-subjects';
import { seedDemoTimetable } from './demo-timetable';
import { seedDemoAllocation } from './demo-allocation';
import { seedDemoHistory } from './demo-history';

export const DEMO_PASSWORD = 'Rollbook@2026';

/** The campus point every demo classroom lies within 100 m of (also stated in the README). */
export const DEMO_CAMPUS = { latitude: 23.0338, longitude: 72.5461 } as const;

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
    email: 'newteacher@rollbook.test',
    description: 'teacher with a temporary password (login asks for a new one)',
  },
] as const;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((w) => w.replace(/[^A-Za-z]/g, '')[0] ?? '')
    .join('')
    .toUpperCase();
}

const metresToLat = (m: number) => m / 111_320;
const metresToLon = (m: number, lat: number) => m / (111_320 * Math.cos((lat * Math.PI) / 180));

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

/**
 * The demo institution: two branches (Computer Engineering, Information Technology), BE and ME
 * streams, the current term's semesters, a subject catalogue over three academic years, 30 teachers,
 * 240 students, classrooms and labs around one campus point, and the fixed demo accounts.
 */
export async function seedDemo(db: Db, opts: SeedOptions = {}): Promise<void> {
  const random = seededRandom(2026);
  // One argon2id hash for every demo account: they share the published demo password.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    const [inst] = await tx
      .insert(institutions)
      .values({
        name: 'Rollbook Institute of Technology',
        code: '028',
        campusLatitude: DEMO_CAMPUS.latitude,
        campusLongitude: DEMO_CAMPUS.longitude,
        // The demo is tried at any hour: its teachers may start today's lectures all day long. A
        // real institution keeps the default (SESSION_START_EARLY_MINUTES / _LATE_MINUTES margins).
        sessionWindowAlwaysOpen: true,
        syllabusUrlTemplate: DEMO_SYLLABUS_URL_TEMPLATE,
      })
      .returning();
    if (!inst) throw new Error('institution not created');
    const institutionId = inst.id;
    const [term] = await tx
      .insert(academicTerms)
      .values({ institutionId, startYear: 2026, endYear: 2027, isActive: true })
      .returning();

    const [ce, it] = await tx
      .insert(branches)
      .values([
        { institutionId, name: 'Computer Engineering', code: '07' },
        { institutionId, name: 'Information Technology', code: '16' },
      ])
      .returning();
    if (!ce || !it || !term) throw new Error('branches not created');

    const streamRows = await tx
      .insert(streams)
      .values([
        { institutionId, branchId: ce.id, title: 'BE', streamCode: '07' },
        { institutionId, branchId: ce.id, title: 'ME', streamCode: '07' },
        { institutionId, branchId: it.id, title: 'BE', streamCode: '16' },
      ])
      .returning();
    const [ceBE, ceME, itBE] = streamRows;
    if (!ceBE || !ceME || !itBE) throw new Error('streams not created');

    const semesterPlan = [
      { stream: ceBE, no: 5, students: 120, degree: 'BE' as const },
      { stream: ceBE, no: 7, students: 40, degree: 'BE' as const },
      { stream: ceME, no: 1, students: 20, degree: 'ME' as const },
      { stream: itBE, no: 5, students: 40, degree: 'BE' as const },
      { stream: itBE, no: 7, students: 20, degree: 'BE' as const },
    ];
    const semRows = await tx
      .insert(semesters)
      .values(
        semesterPlan.map((s) => ({
          institutionId,
          streamId: s.stream.id,
          termId: term.id,
          no: s.no,
          startDate: '2026-07-01',
          endDate: '2026-12-15',
          academicYear: '2026-27',
        })),
      )
      .returning();

    // Catalogue: every (stream code, semester) over three academic years.
    const catalogue = [];
    for (const plan of semesterPlan) {
      for (const year of ACADEMIC_YEARS) {
        for (const entry of catalogueFor(plan.degree, plan.stream.streamCode, plan.no)) {
          const theory = entry.L + entry.T > 0;
          const practical = entry.P > 0;
          const [E, M, I, V] = [theory ? 70 : 0, theory ? 30 : 0, practical ? 25 : 0, practical ? 25 : 0];
          catalogue.push({
            institutionId,
            degree: plan.degree,
            streamCode: plan.stream.streamCode,
            semYear: plan.no,
            subjectCode: entry.code,
            academicYear: year,
            effFrom: year,
            subjectName: entry.name,
            shortName: entry.short,
            category: entry.category,
            lectureHours: entry.L,
            tutorialHours: entry.T,
            practicalHours: entry.P,
            credit: String(entry.L + entry.T + entry.P / 2),
            marksE: E,
            marksM: M,
            marksI: I,
            marksV: V,
            totalMarks: E + M + I + V,
            isElective: entry.elective,
            isTheory: theory && !practical ? true : theory,
            isPractical: !theory && practical,
            isSemiPractical: false,
            theoryExamDuration: theory ? '2.5' : '',
            practicalExamDuration: practical ? '2' : '',
          });
        }
      }
    }
    const seen = new Set<string>();
    const uniqueCatalogue = catalogue.filter((c) => {
      const key = `${c.streamCode}|${c.subjectCode}|${c.academicYear}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    await tx.insert(catalogueSubjects).values(uniqueCatalogue);

    await seedClassrooms(tx, institutionId, [ce.id, it.id]);
    await seedStaff(tx, institutionId, passwordHash, ce.id, it.id);
    await seedStudents(tx, institutionId, passwordHash, random, semesterPlan, semRows, {
      ce: ce.id,
      it: it.id,
    });
  });
  // Subjects first: the timetable seed reuses the offered subjects of CE BE semester 7.
  await seedDemoSubjects(db);
  await seedDemoTimetable(db);
  // Teacher priorities for every planned semester, so the load allocation has a proposal to review.
  await seedDemoAllocation(db);
  // Past weeks of held sessions, so every attendance report has something to show.
  await seedDemoHistory(db, opts.now ?? new Date());
}

async function seedClassrooms(tx: Tx, institutionId: number, branchIds: number[]) {
  const rooms = [
    ...['LH101', 'LH102', 'LH103', 'LH104', 'LH105', 'LH106'].map((name, i) => ({
      name,
      kind: 'classroom' as const,
      east: -40 + i * 16,
      north: 30,
    })),
    ...['LAB201', 'LAB202', 'LAB203', 'LAB204', 'LAB205', 'LAB206'].map((name, i) => ({
      name,
      kind: 'lab' as const,
      east: -40 + i * 16,
      north: -30,
    })),
    { name: '203', kind: 'classroom' as const, east: 55, north: 0 },
  ];
  const rows = await tx
    .insert(classrooms)
    .values(
      rooms.map((r) => ({
        institutionId,
        name: r.name,
        kind: r.kind,
        latitude: DEMO_CAMPUS.latitude + metresToLat(r.north),
        longitude: DEMO_CAMPUS.longitude + metresToLon(r.east, DEMO_CAMPUS.latitude),
        radiusM: 100,
        capacity: r.kind === 'lab' ? 40 : 80,
      })),
    )
    .returning({ id: classrooms.id });
  await tx
    .insert(classroomBranches)
    .values(rows.flatMap((r) => branchIds.map((branchId) => ({ classroomId: r.id, branchId }))));
}

async function seedStaff(tx: Tx, institutionId: number, passwordHash: string, ceId: number, itId: number) {
  // The registrar administers the whole institution (every branch, present and future: the
  // settings, classrooms and set-up pages are theirs). The branch rows only give the access token
  // the branch an admin's token names (contract §3.1), which the web requires of every admin.
  const [registrar] = await tx
    .insert(profiles)
    .values({
      institutionId,
      role: 'admin' as const,
      name: 'Kavita N. Desai',
      email: 'registrar@rollbook.test',
      passwordHash,
      institutionAdmin: true,
    })
    .returning({ id: profiles.id });
  await tx.insert(adminBranches).values([
    { profileId: registrar!.id, branchId: ceId, ordering: 0 },
    { profileId: registrar!.id, branchId: itId, ordering: 1 },
  ]);
  const admins = await tx
    .insert(profiles)
    .values([
      {
        institutionId,
        role: 'admin' as const,
        name: 'Meera K. Shah',
        email: 'admin@rollbook.test',
        passwordHash,
      },
      {
        institutionId,
        role: 'admin' as const,
        name: 'Rajesh P. Iyer',
        email: 'admin.it@rollbook.test',
        passwordHash,
      },
    ])
    .returning({ id: profiles.id });
  await tx.insert(adminBranches).values([
    { profileId: admins[0]!.id, branchId: ceId },
    { profileId: admins[1]!.id, branchId: itId },
  ]);

  const codes = new Set<string>();
  const teacherSpecs: { name: string; code: string; email: string; branchId: number; temporary: boolean }[] =
    TEACHER_NAMES.map((name, i) => {
      let code = initials(name);
      for (let n = 2; codes.has(code); n++) code = `${initials(name)}${n}`;
      codes.add(code);
      const email =
        i === 0
          ? 'teacher@rollbook.test'
          : `${name.split(' ')[0]!.toLowerCase()}.${code.toLowerCase()}@rollbook.test`;
      return { name, code, email, branchId: i < 18 ? ceId : itId, temporary: false };
    });
  teacherSpecs.push({
    name: 'Neha R. Kapadia',
    code: 'NRK',
    email: 'newteacher@rollbook.test',
    branchId: ceId,
    temporary: true,
  });

  const teacherProfiles = await tx
    .insert(profiles)
    .values(
      teacherSpecs.map((t) => ({
        institutionId,
        role: 'teacher' as const,
        name: t.name,
        email: t.email,
        passwordHash,
        mustChangePassword: t.temporary,
      })),
    )
    .returning({ id: profiles.id });
  const teacherRows = await tx
    .insert(teachers)
    .values(
      teacherSpecs.map((t, i) => ({
        institutionId,
        profileId: teacherProfiles[i]!.id,
        teacherCode: t.code,
        seniority: (i % 10) + 1,
      })),
    )
    .returning({ id: teachers.id });
  await tx
    .insert(teacherBranches)
    .values(teacherSpecs.map((t, i) => ({ teacherId: teacherRows[i]!.id, branchId: t.branchId })));
}

async function seedStudents(
  tx: Tx,
  institutionId: number,
  passwordHash: string,
  random: () => number,
  plan: {
    stream: { id: number; streamCode: string; branchId: number };
    no: number;
    students: number;
    degree: 'BE' | 'ME';
  }[],
  semRows: { id: number }[],
  branchIds: { ce: number; it: number },
) {
  const specs: {
    name: string;
    email: string;
    enrollment: string;
    branchId: number;
    streamId: number;
    semesterId: number;
  }[] = [];
  plan.forEach((p, pi) => {
    const admissionYear = p.degree === 'ME' ? 26 : 26 - Math.floor((p.no - 1) / 2);
    for (let n = 1; n <= p.students; n++) {
      const enrollment = `${admissionYear}0280${p.degree === 'ME' ? 7 : 1}${p.stream.streamCode}${String(n).padStart(3, '0')}`;
      const name = `${pick(random, GIVEN_NAMES)} ${pick(random, SURNAMES)}`;
      // The demo student is the first CE BE semester 7 student by enrolment: the division planner
      // then places them in division A, batch A1, as the README promises.
      const first = p.degree === 'BE' && p.no === 7 && p.stream.streamCode === '07' && n === 1;
      specs.push({
        name,
        email: first ? 'student@rollbook.test' : `${enrollment}@students.rollbook.test`,
        enrollment,
        branchId: p.stream.branchId === branchIds.ce ? branchIds.ce : branchIds.it,
        streamId: p.stream.id,
        semesterId: semRows[pi]!.id,
      });
    }
  });
  const profileRows = await tx
    .insert(profiles)
    .values(
      specs.map((s) => ({
        institutionId,
        role: 'student' as const,
        name: s.name,
        email: s.email,
        passwordHash,
      })),
    )
    .returning({ id: profiles.id });
  await tx.insert(students).values(
    specs.map((s, i) => ({
      institutionId,
      profileId: profileRows[i]!.id,
      enrollment: s.enrollment,
      srNo: String(i + 1),
      branchId: s.branchId,
      streamId: s.streamId,
      semesterId: s.semesterId,
    })),
  );
}
