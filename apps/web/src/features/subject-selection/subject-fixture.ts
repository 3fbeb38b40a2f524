import type { SemesterFull, Stream, Subject } from '@rollbook/contract';

/** A catalogue subject for tests; any field can be overridden. */
export function buildSubject(overrides: Partial<Subject> & Pick<Subject, 'slug' | 'subject_name'>): Subject {
  return {
    subject_code: '3150703',
    short_name: null,
    category: 'Professional Core',
    sem_year: 5,
    stream_code: '07',
    eff_from: '2021-22',
    acedemic_year: '2025-26',
    L: 3,
    T: 0,
    P: 2,
    credit: 4.0,
    E: 70,
    M: 30,
    I: 20,
    V: 30,
    total_marks: 150,
    is_theory: true,
    is_practical: false,
    is_semipractical: false,
    is_elective: false,
    is_functional: false,
    is_technical: null,
    practical_exam_duration: '',
    theory_exam_duration: '2.5',
    remark: '',
    ...overrides,
  };
}

/** The demo stream of the tests. */
export const testStream: Stream = {
  slug: 'be-ce',
  title: 'BE',
  stream_code: '07',
  branch: { branch_name: 'Computer Engineering', slug: 'ce' },
};

/** A semester of the test stream; any field can be overridden. */
export function buildSemester(overrides: Partial<SemesterFull> = {}): SemesterFull {
  return {
    slug: 'be-ce-5',
    no: 5,
    subjects: null,
    subjects_locked: false,
    deadline_reached: null,
    subject_choice_deadline: null,
    years: ['2025-26'],
    ...overrides,
  };
}
