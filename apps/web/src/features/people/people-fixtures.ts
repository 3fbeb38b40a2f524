import type { PeopleOptions, Person, StudentPlacement } from '@rollbook/contract';

type SemesterOption = PeopleOptions['branches'][number]['streams'][number]['semesters'][number];

export const CE = { slug: 'ce', branch_name: 'Computer Engineering', branch_code: '07' };
export const IT = { slug: 'it', branch_name: 'Information Technology', branch_code: '16' };

/** The options of a CE admin's people page: CE's BE stream with these semesters, then the other branches. */
export function peopleOptions(
  semesters: SemesterOption[],
  otherBranches: PeopleOptions['branches'] = [],
): PeopleOptions {
  return {
    branches: [
      { ...CE, streams: [{ slug: 'ce-be', title: 'BE', stream_code: '07', semesters }] },
      ...otherBranches,
    ],
  };
}

/** Riya Patel, a CE student who has not signed in yet; `changes` make anyone else of the list. */
export function buildPerson(changes: Partial<Person> = {}): Person {
  return {
    slug: 'riya',
    role: 'student',
    name: 'Riya Patel',
    email: 'riya@example.test',
    is_active: true,
    invited_at: null,
    last_login_at: null,
    teacher_code: null,
    enrollment: '230280107001',
    branches: [CE],
    stream: { slug: 'ce-be', title: 'BE', stream_code: '07' },
    semester: { slug: 'ce-5', no: 5, academic_year: '2026-27' },
    ...changes,
  };
}

/**
 * Riya's placement: division A of CE semester 5 since the start of the term, in lab batch A1 and
 * the ML elective's ML1; division B has lab batches B1, B2 and an ML batch of its own. Today is
 * 12 Nov 2026 and the semester began on 1 Jul 2026.
 */
export function buildPlacement(changes: Partial<StudentPlacement> = {}): StudentPlacement {
  return {
    semester: { slug: 'ce-5', no: 5, stream_title: 'BE' },
    division_slug: 'ce-5-a',
    batch_slugs: ['ce-5-a1', 'ce-5-ml1'],
    since: null,
    divisions: [
      {
        slug: 'ce-5-a',
        name: 'A',
        batches: [
          { slug: 'ce-5-a1', name: 'A1', kind: 'core', subject: null },
          { slug: 'ce-5-a2', name: 'A2', kind: 'core', subject: null },
          { slug: 'ce-5-ml1', name: 'ML1', kind: 'elective', subject: 'ML' },
          { slug: 'ce-5-cc1', name: 'CC1', kind: 'elective', subject: 'CC' },
        ],
      },
      {
        slug: 'ce-5-b',
        name: 'B',
        batches: [
          { slug: 'ce-5-b1', name: 'B1', kind: 'core', subject: null },
          { slug: 'ce-5-b2', name: 'B2', kind: 'core', subject: null },
          { slug: 'ce-5-ml2', name: 'ML2', kind: 'elective', subject: 'ML' },
        ],
      },
      { slug: 'ce-5-c', name: 'C', batches: [] },
    ],
    today: '2026-11-12',
    earliest: '2026-07-01',
    ...changes,
  };
}
