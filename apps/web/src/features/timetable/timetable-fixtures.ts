import type { DivisionOption, DivisionTimetable, MasterLecture, Stream } from '@rollbook/contract';

// Test data of the master timetable screen, shaped as the server answers (contract §9.1, §10.6, §10.7).

/** One stream of the admin's branch. */
export const STREAM: Stream = {
  slug: 'be-ce',
  title: 'BE',
  stream_code: '07',
  branch: { branch_name: 'Computer Engineering', slug: 'ce' },
};

/** Division A of semester 7. */
export const DIVISION: DivisionOption = {
  slug: 'be-ce-7-a',
  division_name: 'A',
  full_name: 'A | Sem - 7',
};

/** A master lecture with overridable fields. */
export function buildLecture(overrides: Partial<MasterLecture> = {}): MasterLecture {
  return {
    slug: 'lecture-1',
    start_time: '09:00',
    end_time: '10:00',
    type: 'theory',
    subject: { subject_name: 'Information Security' },
    teacher: { teacher_code: 'CST' },
    batches: [{ batch_name: 'A1' }, { batch_name: 'A2' }],
    classroom: { class_name: 'LH101' },
    ...overrides,
  };
}

/**
 * A week of division A, deliberately out of order (Tuesday before Monday, the later Monday lecture
 * first) so tests can see the grid sort it: Monday has two lectures, Tuesday a lab without
 * batches, Wednesday nothing.
 */
export function buildWeek(): DivisionTimetable {
  return {
    slug: 'tt-a',
    division: { division_name: 'A' },
    schedules: [
      {
        day: 'TUESDAY',
        lectures: [
          buildLecture({
            slug: 'lab',
            start_time: '12:45',
            end_time: '14:45',
            subject: { subject_name: 'Compiler Design' },
            teacher: { teacher_code: 'HAJ' },
            batches: [],
            classroom: { class_name: 'LAB202' },
          }),
        ],
      },
      {
        day: 'MONDAY',
        lectures: [
          buildLecture({
            slug: 'late',
            start_time: '11:00',
            end_time: '12:00',
            subject: { subject_name: 'Project Management' },
            teacher: { teacher_code: 'NMP' },
          }),
          buildLecture(),
        ],
      },
      { day: 'WEDNESDAY', lectures: [] },
    ],
  };
}
