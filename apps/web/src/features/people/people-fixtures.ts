import type { PeopleOptions, Person } from '@rollbook/contract';

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
