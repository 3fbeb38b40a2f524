import type {
  AttendanceRecord,
  Classroom,
  LectureTeacher,
  OngoingSession,
  SessionStatus,
  TeacherTimetableBranch,
} from '@rollbook/contract';

// Test data of the teacher dashboard, shaped exactly as contract §6.0/§6.4 describe.

export const ROOMS: Classroom[] = [
  { slug: 'room-lh101', class_name: 'LH101' },
  { slug: 'room-lab2', class_name: 'LAB2' },
];

export function buildLecture(
  overrides: {
    slug?: string;
    active?: SessionStatus;
    type?: LectureTeacher['type'];
    subject?: string;
    start?: string;
  } = {},
): LectureTeacher {
  const slug = overrides.slug ?? 'lecture-1';
  return {
    slug,
    type: overrides.type ?? 'theory',
    start_time: overrides.start ?? '09:00',
    end_time: '10:00',
    is_active: true,
    subject: {
      slug: `subject-${slug}`,
      subject_map: { subject_name: overrides.subject ?? 'Compiler Design', subject_code: '3170701' },
      semester: { no: 7 },
    },
    teacher: { slug: 't1', profile: { name: 'Chirag S. Thakkar' }, teacher_code: 'CST' },
    classroom: ROOMS[0]!,
    batches: [
      { slug: 'b-a1', batch_name: 'A1', division: { division_name: 'A', slug: 'div-a' } },
      { slug: 'b-a2', batch_name: 'A2', division: { division_name: 'A', slug: 'div-a' } },
    ],
    session: {
      session_id: `session-${slug}`,
      active: overrides.active ?? 'pre',
      day: '2026-11-16',
      classroom_final: ROOMS[0]!,
    },
  };
}

/** One branch whose only division has `lectures` that day. */
export function buildDay(lectures: LectureTeacher[]): TeacherTimetableBranch[] {
  return [
    {
      branch_name: 'Computer Engineering',
      slug: 'ce',
      streams: [
        {
          semesters: [
            {
              no: 7,
              divisions: [{ division_name: 'A', timetable: { schedule: { day: 'monday', lectures } } }],
            },
          ],
        },
      ],
    },
  ];
}

let rowCounter = 0;

export function buildRecord(overrides: Partial<AttendanceRecord> & { name?: string } = {}): AttendanceRecord {
  rowCounter += 1;
  const { name, ...rest } = overrides;
  return {
    slug: `att-${rowCounter}`,
    student: {
      slug: `st-${rowCounter}`,
      enrollment: `2101701070${rowCounter}`,
      profile: { name: name ?? `Student ${rowCounter}` },
    },
    is_present: true,
    similarity: 87.9,
    euclidean_distance: 0.12345,
    ncc: 0.4567,
    magnitude: 0.000123,
    regulization_comment: null,
    ...rest,
  };
}

export function buildOngoing(overrides: Partial<OngoingSession> = {}): OngoingSession {
  return {
    session_id: 'session-lecture-1',
    active: 'ongoing',
    day: '2026-11-16',
    created_at: '2026-11-16T09:00:00Z',
    student_count: 60,
    marked_attendances: [],
    pending_regulization_requests: [],
    ...overrides,
  };
}
