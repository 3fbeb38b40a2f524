import { describe, expect, it } from 'vitest';
import type { OfferedRow } from '../../domain/subjects/subject-rows';
import { buildUnits, type BatchInput, type DivisionInput } from './teaching-units';
import { spreadHours, assignmentsFromRecords, recordsFromAssignments } from './unit-assignments';

function subject(id: number, slug: string, L: number, T: number, P: number, elective = false): OfferedRow {
  return {
    offeredId: id,
    offeredSlug: slug,
    semesterId: 1,
    lectureHours: L,
    tutorialHours: T,
    practicalHours: P,
    isElective: elective,
  } as OfferedRow;
}

const divisions: DivisionInput[] = [
  { id: 10, slug: 'd-a', name: 'A', semesterId: 1 },
  { id: 11, slug: 'd-b', name: 'B', semesterId: 1 },
];
const batches: BatchInput[] = [
  { id: 100, slug: 'b-a1', name: 'A1', kind: 'core', divisionId: 10, offeredSubjectId: null },
  { id: 101, slug: 'b-a2', name: 'A2', kind: 'core', divisionId: 10, offeredSubjectId: null },
  { id: 102, slug: 'b-ml1', name: 'ML1', kind: 'elective', divisionId: 10, offeredSubjectId: 2 },
  { id: 110, slug: 'b-b1', name: 'B1', kind: 'core', divisionId: 11, offeredSubjectId: null },
];

describe('buildUnits', () => {
  it('makes theory and tutorial per division and practical blocks per lab batch', () => {
    const units = buildUnits({
      subjects: [subject(1, 'os', 3, 1, 3), subject(2, 'ml', 3, 0, 2, true), subject(3, 'cc', 3, 0, 2, true)],
      divisions,
      batches,
      subjectBatches: [],
      divisionElectives: [{ divisionId: 11, offeredSubjectId: 3 }],
    });
    expect(units.map((u) => [u.unit.id, u.wireKind, u.unit.hours])).toEqual([
      ['cc/B/B1/practical-1', 'lab', 2],
      ['cc/B/theory', 'theory', 3],
      ['ml/A/ML1/practical-1', 'lab', 2],
      ['ml/A/theory', 'theory', 3],
      ['os/A/A1/practical-1', 'lab', 2],
      ['os/A/A1/practical-2', 'lab', 1],
      ['os/A/A2/practical-1', 'lab', 2],
      ['os/A/A2/practical-2', 'lab', 1],
      ['os/A/theory', 'theory', 3],
      ['os/A/tutorial', 'tutorial', 1],
      ['os/B/B1/practical-1', 'lab', 2],
      ['os/B/B1/practical-2', 'lab', 1],
      ['os/B/theory', 'theory', 3],
      ['os/B/tutorial', 'tutorial', 1],
    ]);
  });

  it('gives practical-only subjects the practical kind and uses linked batches', () => {
    const units = buildUnits({
      subjects: [subject(4, 'lab', 0, 0, 2, true)],
      divisions,
      batches,
      subjectBatches: [{ offeredSubjectId: 4, batchId: 101 }],
      divisionElectives: [],
    });
    expect(units.map((u) => [u.unit.id, u.wireKind])).toEqual([['lab/A/A2/practical-1', 'practical']]);
  });
});

describe('spreadHours', () => {
  const units = buildUnits({
    subjects: [subject(1, 'os', 3, 0, 4)],
    divisions: divisions.slice(0, 1),
    batches: batches.slice(0, 2),
    subjectBatches: [],
    divisionElectives: [],
  });

  it('keeps what teachers had, fills the rest in order, and round-trips through stored rows', () => {
    const previous = [
      { unit: 'os/A/theory', teacher: 'ann', hours: 3 },
      { unit: 'os/A/A2/practical-1', teacher: 'bob', hours: 2 },
    ];
    const { assignments, unplaced } = spreadHours(
      units,
      new Map([
        [
          '1:theory',
          new Map([
            ['ann', 2],
            ['bob', 1],
          ]),
        ],
        [
          '1:lab',
          new Map([
            ['bob', 4],
            ['ann', 2],
          ]),
        ],
      ]),
      previous,
    );
    expect(unplaced).toEqual([]);
    expect(assignments).toContainEqual({ unit: 'os/A/theory', teacher: 'ann', hours: 2 });
    expect(assignments).toContainEqual({ unit: 'os/A/theory', teacher: 'bob', hours: 1 });
    expect(assignments).toContainEqual({ unit: 'os/A/A2/practical-1', teacher: 'bob', hours: 2 });
    expect(assignments.filter((a) => a.teacher === 'bob' && a.unit.includes('practical'))).toHaveLength(2);

    const ids = new Map([
      ['ann', 1],
      ['bob', 2],
    ]);
    const rows = recordsFromAssignments(units, assignments, ids, 'confirmed');
    const back = assignmentsFromRecords(
      units,
      rows,
      new Map([
        [1, 'ann'],
        [2, 'bob'],
      ]),
    );
    expect(back.stale).toBe(false);
    const total = (list: { teacher: string; hours: number }[], who: string) =>
      list.filter((a) => a.teacher === who).reduce((s, a) => s + a.hours, 0);
    expect(total(back.assignments, 'ann')).toBe(4);
    expect(total(back.assignments, 'bob')).toBe(5);
  });

  it('never splits a lab block and reports hours that do not fit', () => {
    const { unplaced } = spreadHours(units, new Map([['1:lab', new Map([['ann', 3]])]]), []);
    expect(unplaced).toEqual([{ teacher: 'ann', subjectKind: '1:lab', hours: 1 }]);
  });

  it('marks rows that no longer fit the units as stale', () => {
    const stale = assignmentsFromRecords(
      units,
      [{ teacherId: 1, offeredSubjectId: 1, divisionId: 99, batchId: null, kind: 'theory', hours: 3 }],
      new Map([[1, 'ann']]),
    );
    expect(stale).toEqual({ assignments: [], stale: true });
  });
});
