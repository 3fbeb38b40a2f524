import type { WorkbookSheet } from '@rollbook/contract';
import type { RawSheet, RawWorkbook } from '../modules/onboarding/read-workbook';
import { ACADEMIC_YEARS, catalogueFor } from './catalogue-data';
import { GIVEN_NAMES, SURNAMES, TEACHER_NAMES } from './people-data';
import { pick } from './random';

/**
 * The demo institution as an institution workbook, so the demo is built through the same import a
 * registrar uses (docs/institution-workbook.md): every start of an empty embedded database runs
 * the import's check and apply.
 */

/** The campus point every demo classroom lies within 100 m of (also stated in the README). */
export const DEMO_CAMPUS = { latitude: 23.0338, longitude: 72.5461 } as const;

/** The demo institution's code (every demo seed finds it by this). */
export const DEMO_INSTITUTION_CODE = '028';

export const DEMO_ACADEMIC_YEAR = '2026-27';

/** The demo's teacher who signs in with a temporary password (login asks for a new one). */
export const DEMO_NEW_TEACHER_EMAIL = 'newteacher@rollbook.test';

const CE = '07';
const IT = '16';

/**
 * The demo's streams. Computer Engineering runs BE and ME; the university numbers both 07, but a
 * workbook tells a branch's streams apart by their code, so the demo writes the ME stream as
 * 07ME (the university code still heads its subject codes).
 */
const STREAMS = [
  { branch: CE, code: '07', universityCode: '07', degree: 'BE' },
  { branch: CE, code: '07ME', universityCode: '07', degree: 'ME' },
  { branch: IT, code: '16', universityCode: '16', degree: 'BE' },
] as const;
type DemoStream = (typeof STREAMS)[number];

/** The demo student whose semester (CE ME 1) has electives open on a fresh start. */
export const DEMO_ELECTIVES_STUDENT_EMAIL = 'student.me@rollbook.test';

/** The current term's semesters and how many students each has. */
const SEMESTER_PLAN: { stream: DemoStream; no: number; students: number }[] = [
  { stream: STREAMS[0], no: 5, students: 120 },
  { stream: STREAMS[0], no: 7, students: 40 },
  { stream: STREAMS[1], no: 1, students: 20 },
  { stream: STREAMS[2], no: 5, students: 40 },
  { stream: STREAMS[2], no: 7, students: 20 },
];

const metresToLat = (m: number) => m / 111_320;
const metresToLon = (m: number, lat: number) => m / (111_320 * Math.cos((lat * Math.PI) / 180));

/** A sheet from its header and records (a record's missing column is an empty cell). */
function sheet(name: WorkbookSheet, header: readonly string[], records: Record<string, string>[]): RawSheet {
  return {
    sheet: name,
    source: name,
    rows: [header, ...records.map((r) => header.map((h) => r[h] ?? ''))].map((cells, i) => ({
      row: i + 1,
      cells: [...cells],
    })),
    formulas: [],
  };
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((w) => w.replace(/[^A-Za-z]/g, '')[0] ?? '')
    .join('')
    .toUpperCase();
}

function classroomRecords(): Record<string, string>[] {
  const rooms = [
    ...['LH101', 'LH102', 'LH103', 'LH104', 'LH105', 'LH106'].map((name, i) => ({
      name,
      kind: 'classroom',
      east: -40 + i * 16,
      north: 30,
    })),
    ...['LAB201', 'LAB202', 'LAB203', 'LAB204', 'LAB205', 'LAB206'].map((name, i) => ({
      name,
      kind: 'lab',
      east: -40 + i * 16,
      north: -30,
    })),
    { name: '203', kind: 'classroom', east: 55, north: 0 },
  ];
  return rooms.map((r) => ({
    name: r.name,
    kind: r.kind,
    latitude: (DEMO_CAMPUS.latitude + metresToLat(r.north)).toFixed(7),
    longitude: (DEMO_CAMPUS.longitude + metresToLon(r.east, DEMO_CAMPUS.latitude)).toFixed(7),
    radius_m: '100',
    capacity: r.kind === 'lab' ? '40' : '80',
    branch_codes: '',
  }));
}

/** Every (stream, semester) of the plan over three academic years. */
function subjectRecords(): Record<string, string>[] {
  const seen = new Set<string>();
  const records: Record<string, string>[] = [];
  for (const plan of SEMESTER_PLAN) {
    for (const year of ACADEMIC_YEARS) {
      for (const entry of catalogueFor(plan.stream.degree, plan.stream.universityCode, plan.no)) {
        const key = `${entry.code}|${year}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const theory = entry.L + entry.T > 0;
        const practical = entry.P > 0;
        records.push({
          subject_code: entry.code,
          academic_year: year,
          subject_name: entry.name,
          short_name: entry.short,
          stream_code: plan.stream.code,
          semester: String(plan.no),
          category: entry.category,
          is_elective: entry.elective ? 'yes' : 'no',
          l: String(entry.L),
          t: String(entry.T),
          p: String(entry.P),
          credit: String(entry.L + entry.T + entry.P / 2),
          e: theory ? '70' : '0',
          m: theory ? '30' : '0',
          i: practical ? '25' : '0',
          v: practical ? '25' : '0',
        });
      }
    }
  }
  return records;
}

/** The demo's teachers: the first is the published teacher account; 18 in CE, the rest in IT. */
export function demoTeachers(): { name: string; code: string; email: string; branch: string }[] {
  const codes = new Set<string>();
  const teachers = TEACHER_NAMES.map((name: string, i) => {
    let code = initials(name);
    for (let n = 2; codes.has(code); n++) code = `${initials(name)}${n}`;
    codes.add(code);
    const email =
      i === 0
        ? 'teacher@rollbook.test'
        : `${name.split(' ')[0]!.toLowerCase()}.${code.toLowerCase()}@rollbook.test`;
    return { name, code, email, branch: i < 18 ? CE : IT };
  });
  teachers.push({ name: 'Neha R. Kapadia', code: 'NRK', email: DEMO_NEW_TEACHER_EMAIL, branch: CE });
  return teachers;
}

function studentRecords(random: () => number): Record<string, string>[] {
  const records: Record<string, string>[] = [];
  for (const p of SEMESTER_PLAN) {
    const me = p.stream.degree === 'ME';
    const admissionYear = me ? 26 : 26 - Math.floor((p.no - 1) / 2);
    for (let n = 1; n <= p.students; n++) {
      const enrollment = `${admissionYear}0280${me ? 7 : 1}${p.stream.universityCode}${String(n).padStart(3, '0')}`;
      const name = `${pick(random, GIVEN_NAMES)} ${pick(random, SURNAMES)}`;
      // The demo student is the first CE BE semester 7 student by enrolment: the division planner
      // then places them in division A, batch A1, as the README promises.
      const first = p.stream === STREAMS[0] && p.no === 7 && n === 1;
      // The electives demo student: CE ME semester 1 has no divisions, so its choices stay open.
      const electivesFirst = p.stream === STREAMS[1] && p.no === 1 && n === 1;
      const email = first
        ? 'student@rollbook.test'
        : electivesFirst
          ? DEMO_ELECTIVES_STUDENT_EMAIL
          : `${enrollment}@students.rollbook.test`;
      records.push({
        enrollment,
        name,
        email,
        branch_code: p.stream.branch,
        stream_code: p.stream.code,
        semester: String(p.no),
        academic_year: DEMO_ACADEMIC_YEAR,
      });
    }
  }
  return records;
}

/**
 * The demo institution's workbook: two branches (Computer Engineering, Information Technology),
 * BE and ME streams, the current term's semesters, a subject catalogue over three academic years,
 * 30 teachers and a new one, 240 students, and classrooms and labs around one campus point.
 */
export function demoWorkbook(random: () => number): RawWorkbook {
  return {
    problems: [],
    sheets: [
      sheet(
        'Branches',
        ['branch_code', 'branch_name'],
        [
          { branch_code: CE, branch_name: 'Computer Engineering' },
          { branch_code: IT, branch_name: 'Information Technology' },
        ],
      ),
      sheet(
        'Streams',
        ['branch_code', 'stream_code', 'title'],
        STREAMS.map((s) => ({ branch_code: s.branch, stream_code: s.code, title: s.degree })),
      ),
      sheet(
        'Semesters',
        ['branch_code', 'stream_code', 'semester', 'academic_year', 'start_date', 'end_date'],
        SEMESTER_PLAN.map((s) => ({
          branch_code: s.stream.branch,
          stream_code: s.stream.code,
          semester: String(s.no),
          academic_year: DEMO_ACADEMIC_YEAR,
          start_date: '2026-07-01',
          end_date: '2026-12-15',
        })),
      ),
      sheet(
        'Classrooms',
        ['name', 'kind', 'latitude', 'longitude', 'radius_m', 'capacity', 'branch_codes'],
        classroomRecords(),
      ),
      sheet(
        'Subjects',
        [
          'subject_code',
          'academic_year',
          'subject_name',
          'short_name',
          'stream_code',
          'semester',
          'category',
          'is_elective',
          'l',
          't',
          'p',
          'credit',
          'e',
          'm',
          'i',
          'v',
        ],
        subjectRecords(),
      ),
      sheet(
        'Teachers',
        ['email', 'name', 'teacher_code', 'branch_codes'],
        demoTeachers().map((t) => ({
          email: t.email,
          name: t.name,
          teacher_code: t.code,
          branch_codes: t.branch,
        })),
      ),
      sheet(
        'Students',
        ['enrollment', 'name', 'email', 'branch_code', 'stream_code', 'semester', 'academic_year'],
        studentRecords(random),
      ),
    ],
  };
}
