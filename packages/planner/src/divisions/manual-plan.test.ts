import { describe, expect, it } from 'vitest';
import type { PlannerSubject } from '../model';
import { generateInstance } from '../testing/instances';
import { checkManualAssignment, ManualPlanError, planFromManualAssignment } from './manual-plan';
import type { ManualDivision } from './manual-plan';
import { planDivisions } from './plan-divisions';

const subjects: PlannerSubject[] = [
  { slug: 'os', name: 'Operating Systems', L: 3, T: 0, P: 2, elective: false },
  { slug: 'ml', name: 'Machine Learning', L: 3, T: 0, P: 2, elective: true },
  { slug: 'cc', name: 'Cloud Computing', L: 3, T: 1, P: 2, elective: true },
];
const students = [
  ...Array.from({ length: 6 }, (_, i) => ({ slug: `m${i}`, enrollment: `1${i}`, electives: ['ml'] })),
  ...Array.from({ length: 4 }, (_, i) => ({ slug: `c${i}`, enrollment: `2${i}`, electives: ['cc'] })),
];

describe('manual plans', () => {
  it('accepts whole and partial groups and explicit students', () => {
    const plan = planFromManualAssignment({
      subjects,
      students,
      maxDivisionSize: 6,
      divisions: [
        { groups: [{ key: 'ml', count: 4 }], students: ['c0'] },
        { groups: [{ key: 'ml' }, { key: 'cc' }] },
      ],
    });
    expect(plan.method).toBe('manual');
    expect(plan.divisions.map((d) => d.size)).toEqual([5, 5]);
    expect(plan.divisions[0]?.students).toEqual(['m0', 'm1', 'm2', 'm3', 'c0']);
    expect(plan.objective).toEqual({
      divisions: 2,
      teachingHours: 5 * 2 + 5 * 2 + 6 * 2,
      sizeSpread: 0,
      groupSplits: 2,
    });
    expect(plan.lowerBound).toBeLessThanOrEqual(plan.objective.teachingHours);
  });

  it('reports every problem: twice placed, not placed, overdrawn, unknown, capacity, empty', () => {
    const issues = checkManualAssignment({
      subjects,
      students,
      maxDivisionSize: 5,
      divisions: [
        { students: ['m0', 'm0', 'ghost'], groups: [{ key: 'ml', count: 9 }] },
        { groups: [{ key: 'nope' }] },
      ],
    });
    const codes = new Set(issues.map((issue) => issue.code));
    expect(codes).toEqual(
      new Set([
        'student-placed-twice',
        'unknown-student',
        'group-overdrawn',
        'unknown-group',
        'student-not-placed',
        'capacity-exceeded',
        'empty-division',
      ]),
    );
    expect(issues.filter((i) => i.code === 'student-not-placed').map((i) => i.student)).toEqual([
      'c0',
      'c1',
      'c2',
      'c3',
    ]);
  });

  it('throws ManualPlanError with the issues', () => {
    expect(() =>
      planFromManualAssignment({ subjects, students, maxDivisionSize: 6, divisions: [{ students: ['m0'] }] }),
    ).toThrow(ManualPlanError);
  });

  it('reports malformed divisions from JSON by position instead of failing or reading text as letters', () => {
    const divisions = [null, { students: 'm0' }, { name: 5, groups: 'ml' }] as unknown as ManualDivision[];
    expect(checkManualAssignment({ subjects, students, maxDivisionSize: 6, divisions })).toEqual([
      { code: 'invalid-input', message: 'divisions[0] must be an object (got null)' },
      { code: 'invalid-input', message: 'divisions[1]: students must be a list of student slugs (got "m0")' },
      { code: 'invalid-input', message: 'divisions[2]: name must be a non-empty string (got 5)' },
      { code: 'invalid-input', message: 'divisions[2]: groups must be a list of { key, count? } (got "ml")' },
    ]);
  });

  it('gives the same output as the optimiser for the optimiser’s own divisions', async () => {
    const instance = generateInstance({ students: 90, categories: 2, minOptions: 2, maxOptions: 3, seed: 9 });
    const optimised = await planDivisions({ ...instance, maxDivisionSize: 45, timeBudgetMs: 500 });
    const manual = planFromManualAssignment({
      ...instance,
      maxDivisionSize: 45,
      divisions: optimised.divisions.map((d) => ({ name: d.name, students: [...d.students] })),
    });
    expect(manual.divisions).toEqual(optimised.divisions);
    expect(manual.hours).toEqual(optimised.hours);
    expect(manual.objective).toEqual(optimised.objective);
  });
});
