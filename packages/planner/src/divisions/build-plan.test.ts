import { describe, expect, it } from 'vitest';
import type { PlannerStudent, PlannerSubject } from '../model';
import { buildPlanBody } from './build-plan';
import { buildProblem } from './problem';

const subjects: PlannerSubject[] = [
  { slug: 'core', name: 'Compilers', L: 3, T: 0, P: 2, elective: false },
  { slug: 'x', name: 'Xenon Studies', shortName: 'XS', L: 3, T: 0, P: 2, elective: true, category: 'one' },
  { slug: 'y', name: 'Yield Analysis', shortName: 'YA', L: 3, T: 1, P: 2, elective: true, category: 'one' },
  { slug: 'z', name: 'Zoning', shortName: 'ZO', L: 2, T: 0, P: 2, elective: true, category: 'two' },
];

// Three choice groups whose students alternate in enrolment order, listed out of that order:
// odd students take x and z, s2 takes y alone, s4 and s6 take y and z.
const students: PlannerStudent[] = [6, 3, 1, 4, 2, 5].map((n) => ({
  slug: `s${n}`,
  enrollment: `2026-${n}`,
  electives: n % 2 === 1 ? ['x', 'z'] : n === 2 ? ['y'] : ['y', 'z'],
}));

function singleDivisionPlan() {
  const problem = buildProblem(subjects, students, 6);
  const counts = problem.groups.map((group) => [group.size]);
  return buildPlanBody(
    { problem, subjects, students, batchPolicy: { singleBatchMax: 2, batchSize: 2 } },
    counts,
  );
}

describe('buildPlanBody', () => {
  it('lists a division’s students, and each elective’s batches, in enrolment order across groups', () => {
    const [division] = singleDivisionPlan().divisions;
    expect(division?.students).toEqual(['s1', 's2', 's3', 's4', 's5', 's6']);
    expect(division?.batches.map((batch) => [batch.name, batch.subject, batch.students])).toEqual([
      ['A1', null, ['s1', 's2']],
      ['A2', null, ['s3', 's4']],
      ['A3', null, ['s5', 's6']],
      ['XS1', 'x', ['s1', 's3']],
      ['XS2', 'x', ['s5']],
      ['YA1', 'y', ['s2', 's4']],
      ['YA2', 'y', ['s6']],
      ['ZO1', 'z', ['s1', 's3']],
      ['ZO2', 'z', ['s4', 's5']],
      ['ZO3', 'z', ['s6']],
    ]);
  });

  it('counts an elective on its own batches where it has them', () => {
    const { hours, objective } = singleDivisionPlan();
    expect(hours.map((row) => [row.subject, row.totalDivisions, row.labBatches, row.finalTotal])).toEqual([
      ['core', 1, 3, 3 + 2 * 3],
      ['x', 1, 2, 3 + 2 * 2],
      ['y', 1, 2, 3 + 1 + 2 * 2],
      ['z', 1, 3, 2 + 2 * 3],
    ]);
    expect(objective.divisions).toBe(1);
  });

  it('counts an elective the whole division takes on its core batches, and none where nobody takes it', () => {
    const problem = buildProblem(subjects, students, 3);
    // Odd students (x) in one division, even students (y) in the other.
    const counts = problem.groups.map((group) =>
      group.electives.includes('x') ? [group.size, 0] : [0, group.size],
    );
    const { divisions, hours } = buildPlanBody({ problem, subjects, students }, counts);
    expect(divisions.map((division) => division.students)).toEqual([
      ['s1', 's3', 's5'],
      ['s2', 's4', 's6'],
    ]);
    // Division A takes x and z whole (core batch A1); in B, y is whole and z has its own batch.
    expect(divisions.map((division) => division.batches.map((batch) => batch.name))).toEqual([
      ['A1'],
      ['B1', 'ZO1'],
    ]);
    expect(hours.map((row) => [row.subject, row.totalDivisions, row.labBatches])).toEqual([
      ['core', 2, 2],
      ['x', 1, 1],
      ['y', 1, 1],
      ['z', 2, 2],
    ]);
  });
});

describe('batch names of a plan with many or named divisions', () => {
  it('never repeats a batch name inside a division (division AB and "Advanced Biology")', async () => {
    const { planDivisions } = await import('./plan-divisions');
    const subjects: PlannerSubject[] = [
      { slug: 'chem', name: 'Applied Chemistry', L: 3, T: 0, P: 2, elective: true, category: 'x' },
      { slug: 'bio', name: 'Advanced Biology', L: 3, T: 0, P: 2, elective: true, category: 'x' },
    ];
    const students: PlannerStudent[] = Array.from({ length: 280 }, (_, i) => ({
      slug: `s${i}`,
      enrollment: String(i).padStart(4, '0'),
      electives: [i < 5 ? 'chem' : 'bio'],
    }));
    const plan = await planDivisions({
      subjects,
      students,
      maxDivisionSize: 10,
      balanceTolerance: 0,
      exact: false,
    });
    const division = plan.divisions.find((d) => d.name === 'AB');
    expect(division).toBeDefined();
    for (const d of plan.divisions) {
      const names = d.batches.map((batch) => batch.name);
      expect(new Set(names).size).toBe(names.length);
    }
  });
});
