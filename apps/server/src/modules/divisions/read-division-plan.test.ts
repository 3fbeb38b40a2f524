import { describe, expect, it } from 'vitest';
import type { DivisionSuggestion } from '@rollbook/contract';
import type { OfferedRow } from '../../domain/subjects/subject-rows';
import type { PlanningRoster, RosterStudent } from './planning-roster';
import { listSome, readDivisionPlan } from './read-division-plan';
import { TEST_SUBJECT_MARKS, TEST_SUBJECT_HOURS } from '../../testing/factories';

function subject(offeredId: number, subjectName: string, isElective: boolean): OfferedRow {
  return {
    catalogueId: offeredId,
    catalogueSlug: `c${offeredId}`,
    subjectName,
    subjectCode: `35070${offeredId}`,
    shortName: null,
    category: isElective ? 'Professional Elective Course' : 'Professional Core Course',
    semYear: 7,
    streamCode: '07',
    degree: 'BE',
    effFrom: '2026-27',
    academicYear: '2026-27',
    ...TEST_SUBJECT_HOURS,
    ...TEST_SUBJECT_MARKS,
    catalogueIsElective: isElective,
    isTheory: true,
    isPractical: false,
    isSemiPractical: false,
    isFunctional: false,
    practicalExamDuration: '',
    theoryExamDuration: '',
    remark: '',
    syllabusUrl: null,
    syllabusTemplate: null,
    offeredId,
    offeredSlug: `o${offeredId}`,
    semesterId: 1,
    isElective,
    isTechnical: true,
    ordering: offeredId,
  };
}

const OS = subject(1, 'Operating Systems', false);
const ML = subject(2, 'Machine Learning', true);
const CC = subject(3, 'Cloud Computing', true);

function student(n: number, electives: number[]): RosterStudent {
  return {
    studentId: n,
    slug: `s${n}`,
    enrollment: `E${String(n).padStart(3, '0')}`,
    srNo: null,
    profileId: 100 + n,
    name: `Student ${n}`,
    email: `s${n}@example.test`,
    electives,
    chosen: true,
  };
}

/** Six students: 1-3 chose ML, 4-6 chose CC. */
const roster: PlanningRoster = {
  subjects: [OS, ML, CC],
  students: [1, 2, 3]
    .map((n) => student(n, [ML.offeredId]))
    .concat([4, 5, 6].map((n) => student(n, [CC.offeredId]))),
  hasElectives: true,
};

const wire = (n: number) => ({ slug: `s${n}`, enrollment: `E${n}`, profile: { name: `Student ${n}` } });
const batch = (batch_name: string, members: number[]) => ({ batch_name, students: members.map(wire) });
const plan = (divisions: { name: string; batches: ReturnType<typeof batch>[] }[]): DivisionSuggestion => ({
  divisions: divisions.map((d) => ({
    division_name: d.name,
    total_batches: d.batches.map((b) => b.batch_name),
    batches: d.batches,
  })),
  hour_deviations: [],
});

describe('readDivisionPlan', () => {
  it('links core batches to core subjects and to electives the whole division takes', () => {
    const read = readDivisionPlan(
      plan([
        { name: 'A', batches: [batch('A1', [1, 2]), batch('A2', [3])] },
        { name: 'B', batches: [batch('B1', [4, 5, 6])] },
      ]),
      roster,
    );
    expect(read).toEqual({
      divisions: [
        {
          name: 'A',
          studentIds: [1, 2, 3],
          batches: [
            { name: 'A1', kind: 'core', offeredSubjectId: null, studentIds: [1, 2], subjectIds: [1, 2] },
            { name: 'A2', kind: 'core', offeredSubjectId: null, studentIds: [3], subjectIds: [1, 2] },
          ],
        },
        {
          name: 'B',
          studentIds: [4, 5, 6],
          batches: [
            { name: 'B1', kind: 'core', offeredSubjectId: null, studentIds: [4, 5, 6], subjectIds: [1, 3] },
          ],
        },
      ],
    });
  });

  it('keeps given elective batches and cuts missing ones by the batch rule', () => {
    const read = readDivisionPlan(
      plan([{ name: 'A', batches: [batch('A1', [1, 2, 3, 4, 5, 6]), batch('ML1', [1, 2, 3])] }]),
      roster,
      { singleBatchMax: 2, batchSize: 2 },
    );
    if ('problems' in read) throw new Error(read.problems.join('; '));
    expect(
      read.divisions[0]!.batches.map((b) => [b.name, b.offeredSubjectId, b.studentIds, b.subjectIds]),
    ).toEqual([
      ['A1', null, [1, 2, 3, 4, 5, 6], [1]],
      ['ML1', 2, [1, 2, 3], [2]],
      ['CC1', 3, [4, 5], [3]],
      ['CC2', 3, [6], [3]],
    ]);
  });

  it('reports students in several core batches, missing from their elective batches, and empty batches', () => {
    const read = readDivisionPlan(
      plan([
        {
          name: 'A',
          batches: [batch('A1', [1, 2, 3, 4]), batch('A2', [4, 5, 6]), batch('ML1', [1]), batch('CC1', [])],
        },
      ]),
      roster,
    );
    expect('problems' in read && read.problems).toEqual([
      'Batch CC1 of division A has no students',
      '1 student of division A is in several core batches: Student 4 (E004) in A1 and A2',
      '2 students of division A who chose Machine Learning are in none of its ML batches: Student 2 (E002), Student 3 (E003)',
      '3 students of division A who chose Cloud Computing are in none of its CC batches: Student 4 (E004), Student 5 (E005), Student 6 (E006)',
    ]);
  });

  it('reports a division whose batches hold no student of the semester', () => {
    const read = readDivisionPlan(
      plan([
        { name: 'A', batches: [batch('A1', [1, 2, 3, 4, 5, 6])] },
        { name: 'B', batches: [batch('B1', [99])] },
      ]),
      roster,
    );
    expect('problems' in read && read.problems).toEqual([
      '1 student listed is not in this semester: s99',
      'Division B has no students of this semester',
    ]);
  });

  it('shortens long lists', () => {
    expect(listSome(['a', 'b'])).toBe('a, b');
    expect(listSome(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toBe('a, b, c, d, e and 2 more');
  });
});
