import { describe, expect, it } from 'vitest';
import { asha, buildContext, meera, networks, pythonLab, ravi, structures } from './allocation-fixtures';
import {
  allocationSummary,
  changeHours,
  confirmBody,
  freeHoursOf,
  isEdited,
  lineHoursOf,
  moveHours,
  nonAllocatedSubjects,
  rankKey,
  ranksFromContext,
  remainingOf,
  teacherLoadRows,
  workingAllocation,
  type EditResult,
  type WorkingAllocation,
} from './allocation-model';

const cnTheory = { subject: networks.slug, kind: 'theory' } as const;
const cnLab = { subject: networks.slug, kind: 'lab' } as const;
const dsTheory = { subject: structures.slug, kind: 'theory' } as const;

function applied(result: EditResult): WorkingAllocation {
  if (!result.ok) throw new Error(`edit refused: ${result.reason}`);
  return result.allocation;
}

function refusal(result: EditResult): string {
  if (result.ok) throw new Error('edit accepted');
  return result.reason;
}

function rowOf(allocation: WorkingAllocation, slug: string) {
  const row = teacherLoadRows(allocation).find((candidate) => candidate.teacher.slug === slug);
  if (!row) throw new Error(`no row for ${slug}`);
  return row;
}

describe('workingAllocation', () => {
  it('derives each maximum from the free hours plus the hours already given', () => {
    const allocation = workingAllocation(buildContext());
    expect(allocation.roster.map((entry) => [entry.teacher.slug, entry.maxHours])).toEqual([
      ['asha', 10],
      ['ravi', 6],
      ['meera', 4],
    ]);
    expect(freeHoursOf(allocation, 'asha')).toBe(3);
    expect(allocation.roster.map((entry) => entry.setting)).toEqual([
      { hours: 10, isDefault: true, floor: 0 },
      { hours: 6, isDefault: false, floor: 0 },
      { hours: 4, isDefault: false, floor: 0 },
    ]);
    expect(isEdited(allocation)).toBe(false);
  });

  it("sets each maximum's floor at the confirmed load: elsewhere, plus this allocation's once confirmed", () => {
    const context = buildContext();
    // Meera: maximum 4, 1 h free and nothing here: 3 h are confirmed in another branch.
    context.teacher_to_subject_map[0].meera!.total_hours_left = 1;
    const floors = (confirmed: boolean) => {
      context.scope = {
        semesters: [{ slug: 'be-7', label: 'BE CE - Semester 7', term: '2026-27 odd', confirmed }],
        terms: [],
        read_only: false,
      };
      return workingAllocation(context).roster.map((entry) => [entry.teacher.slug, entry.setting?.floor]);
    };
    expect(floors(false)).toEqual([
      ['asha', 0],
      ['ravi', 0],
      ['meera', 3],
    ]);
    expect(floors(true)).toEqual([
      ['asha', 7],
      ['ravi', 5],
      ['meera', 3],
    ]);
  });

  it('adds teachers who appear only in the subject map, without free hours', () => {
    const context = buildContext();
    delete context.teacher_to_subject_map[0].ravi;
    const allocation = workingAllocation(context);
    expect(allocation.roster.find((entry) => entry.teacher.slug === 'ravi')?.maxHours).toBe(5);
    expect(freeHoursOf(allocation, 'ravi')).toBe(0);
  });
});

describe('table rows', () => {
  it('sums theory, labs with practicals, and tutorials per teacher', () => {
    const row = rowOf(workingAllocation(buildContext()), 'asha');
    expect(row).toMatchObject({
      theory: 3,
      practical: 4,
      tutorial: 0,
      designEngineering: 0,
      total: 7,
      project: 0,
      totalWithProject: 7,
      freeHours: 3,
    });
    expect(row.lines.map((line) => `${line.subjectName}/${line.kind}/${line.hours}`)).toEqual([
      'Computer Networks/theory/3',
      'Computer Networks/lab/2',
      'Python Lab/practical/2',
    ]);
    expect(rowOf(workingAllocation(buildContext()), 'meera').lines).toEqual([]);
  });

  it('lists subjects with unallocated hours, theory with tutorials and practical with labs', () => {
    const rows = nonAllocatedSubjects(workingAllocation(buildContext()));
    expect(rows.map((row) => [row.name, row.remainingTheory, row.remainingPractical])).toEqual([
      ['Computer Networks', 0, 2],
      ['Data Structures', 2, 0],
      ['Python Lab', 0, 2],
    ]);
  });
});

describe('moveHours', () => {
  it('moves hours between teachers keeping the subject covered', () => {
    const before = workingAllocation(buildContext());
    const after = applied(moveHours(before, cnTheory, 'asha', 'meera', 2));
    expect(lineHoursOf(after, cnTheory, 'asha')).toBe(1);
    expect(lineHoursOf(after, cnTheory, 'meera')).toBe(2);
    expect(remainingOf(after, cnTheory)).toBe(0);
    expect(freeHoursOf(after, 'asha')).toBe(5);
    expect(freeHoursOf(after, 'meera')).toBe(2);
    expect(isEdited(after)).toBe(true);
    // The original is untouched: edits are immutable.
    expect(lineHoursOf(before, cnTheory, 'asha')).toBe(3);
  });

  it('drops a teacher who gives away all their hours of a line', () => {
    const after = applied(moveHours(workingAllocation(buildContext()), cnLab, 'asha', 'meera', 2));
    const lab = after.map.instant_allocations[0]?.teacher_allocation.lab;
    expect(lab?.teachers.map((share) => [share.teacher.slug, share.hours])).toEqual([['meera', 2]]);
    expect(lab).toMatchObject({ allocation_done: 2, remaining_hours: 2, total_hours: 4 });
  });

  it('refuses what the free-hours rules forbid and changes nothing', () => {
    const allocation = workingAllocation(buildContext());
    expect(refusal(moveHours(allocation, cnTheory, 'asha', 'ravi', 2))).toBe(
      'Ravi Shah has only 1 free hours.',
    );
    expect(refusal(moveHours(allocation, cnTheory, 'asha', 'meera', 4))).toBe(
      'Asha Mehta has only 3 of these hours.',
    );
    expect(refusal(moveHours(allocation, cnLab, 'asha', 'meera', 1))).toBe(
      'Lab hours move in blocks of 2 hours.',
    );
    expect(refusal(moveHours(allocation, cnTheory, 'asha', 'asha', 1))).toBe(
      'Choose another teacher to move the hours to.',
    );
    expect(refusal(moveHours(allocation, cnTheory, 'asha', 'nobody', 1))).toBe('Unknown teacher.');
    expect(refusal(moveHours(allocation, cnTheory, 'asha', 'meera', 0))).toBe(
      'Choose a positive number of hours.',
    );
    expect(refusal(moveHours(allocation, { subject: 'ds', kind: 'lab' }, 'ravi', 'meera', 2))).toBe(
      'This subject has no such hours.',
    );
  });
});

describe('changeHours', () => {
  it('gives unallocated hours to a teacher with free hours and takes them back', () => {
    const allocation = workingAllocation(buildContext());
    const given = applied(changeHours(allocation, dsTheory, 'meera', 2));
    expect(lineHoursOf(given, dsTheory, 'meera')).toBe(2);
    expect(remainingOf(given, dsTheory)).toBe(0);
    const taken = applied(changeHours(given, dsTheory, 'ravi', -1));
    expect(lineHoursOf(taken, dsTheory, 'ravi')).toBe(1);
    expect(remainingOf(taken, dsTheory)).toBe(1);
  });

  it('refuses hours that do not exist, free hours a teacher lacks and going below zero', () => {
    const allocation = workingAllocation(buildContext());
    expect(refusal(changeHours(allocation, dsTheory, 'meera', 3))).toBe(
      'Only 2 of these hours are unallocated.',
    );
    expect(refusal(changeHours(allocation, dsTheory, 'ravi', 2))).toBe('Ravi Shah has only 1 free hours.');
    expect(refusal(changeHours(allocation, dsTheory, 'meera', -1))).toBe(
      'Meera Iyer has only 0 of these hours.',
    );
    expect(refusal(changeHours(allocation, cnLab, 'meera', 1))).toBe('Lab hours move in blocks of 2 hours.');
  });
});

describe('allocationSummary', () => {
  it('reports coverage, hours by rank and the load spread', () => {
    const context = buildContext();
    const ranks = ranksFromContext(context);
    expect(ranks.get(rankKey('ravi', networks.slug))).toBe(2);
    const rankOf = (teacher: string, subject: string) => ranks.get(rankKey(teacher, subject)) ?? null;
    const summary = allocationSummary(workingAllocation(context), rankOf);
    expect(summary).toMatchObject({ totalHours: 18, coveredHours: 12 });
    expect(summary.coverage).toBeCloseTo(12 / 18);
    // Rank 1: Asha's 5 h of networks, Ravi's 2 h of structures; rank 2: Ravi's networks, Asha's Python Lab.
    expect(summary.byRank).toEqual([
      { rank: 1, hours: 7, share: 7 / 12 },
      { rank: 2, hours: 5, share: 5 / 12 },
    ]);
    expect(summary.load).toEqual({ min: 0, max: 7, spread: 7, mean: 4 });

    const moved = applied(moveHours(workingAllocation(context), cnTheory, 'asha', 'meera', 3));
    const after = allocationSummary(moved, rankOf);
    expect(after.byRank.at(-1)).toEqual({ rank: null, hours: 3, share: 3 / 12 });
    expect(after.load).toMatchObject({ min: 3, max: 5, spread: 2 });
  });
});

describe('confirmBody', () => {
  it('sends the edited map with its totals brought up to date', () => {
    const allocation = workingAllocation(buildContext());
    const edited = applied(
      changeHours(applied(moveHours(allocation, cnTheory, 'ravi', 'meera', 1)), dsTheory, 'meera', 2),
    );
    const { subject_to_teacher_map: sent } = confirmBody(edited);
    expect(sent.stats).toMatchObject({
      total_subject_hours_instant_allocation: 14,
      total_subject_hours_separate_allocation: 4,
      unallocated_subject_hours_instant_allocation: 2,
      unallocated_subject_hours_serparate_allocation: 2,
      total_teacher_hours_instant_allocation: 20,
      total_teacher_hours_separate_allocation: 20,
      unallocated_teacher_hours_instant_allocation: 6,
      unallocated_teacher_hours_separate_allocation: 6,
    });
    const ds = sent.instant_allocations[1]?.teacher_allocation.theory;
    expect(ds).toMatchObject({ allocation_done: 4, remaining_hours: 0 });
    expect(ds?.teachers.map((share) => share.teacher.slug)).toEqual(['ravi', 'meera']);
    expect(sent.separate_allocations[0]?.subject.slug).toBe(pythonLab.slug);
    expect([asha, ravi, meera].map((who) => rowOf(edited, who.slug).total)).toEqual([7, 4, 3]);
  });
});

describe('odd practical hours', () => {
  const plLine = { subject: pythonLab.slug, kind: 'practical' } as const;
  /** Python Lab with 5 h of practicals (2-hour blocks and the server's 1-hour block): Asha 2 h. */
  function oddAllocation(): WorkingAllocation {
    const context = buildContext();
    const practical = context.subject_to_teacher_map.separate_allocations[0]!.teacher_allocation.practical!;
    practical.total_hours = 5;
    practical.remaining_hours = 3;
    return workingAllocation(context);
  }

  it('gives, takes back and moves the odd hour, and 2-hour blocks otherwise', () => {
    const allocation = oddAllocation();
    const given = applied(changeHours(allocation, plLine, 'meera', 1));
    expect(lineHoursOf(given, plLine, 'meera')).toBe(1);
    expect(remainingOf(given, plLine)).toBe(2);
    // Only a 2-hour block is left now.
    expect(refusal(changeHours(given, plLine, 'ravi', 1))).toBe('Practical hours move in blocks of 2 hours.');
    const moved = applied(moveHours(given, plLine, 'meera', 'ravi', 1));
    expect(lineHoursOf(moved, plLine, 'ravi')).toBe(1);
    expect(lineHoursOf(moved, plLine, 'meera')).toBe(0);
    const back = applied(changeHours(moved, plLine, 'ravi', -1));
    expect(remainingOf(back, plLine)).toBe(3);
    // Asha holds whole blocks only: she cannot give away one hour of them.
    expect(refusal(moveHours(allocation, plLine, 'asha', 'meera', 1))).toBe(
      'Practical hours move in blocks of 2 hours.',
    );
    expect(refusal(changeHours(allocation, plLine, 'asha', -1))).toBe(
      'Practical hours move in blocks of 2 hours.',
    );
  });
});
