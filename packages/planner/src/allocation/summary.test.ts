import { describe, expect, it } from 'vitest';
import { summariseAllocation } from './summary';
import type { PlannerTeacher, TeachingUnit, UnitAssignment } from './types';

const units: TeachingUnit[] = [
  { id: 'os/A/theory', subject: 'os', kind: 'theory', division: 'A', batch: null, hours: 3 },
  { id: 'os/A/A1/practical-1', subject: 'os', kind: 'practical', division: 'A', batch: 'A1', hours: 2 },
  { id: 'db/A/theory', subject: 'db', kind: 'theory', division: 'A', batch: null, hours: 3 },
  { id: 'db/A/A1/practical-1', subject: 'db', kind: 'practical', division: 'A', batch: 'A1', hours: 2 },
  { id: 'net/A/theory', subject: 'net', kind: 'theory', division: 'A', batch: null, hours: 4 },
];
// cy ranks none of these subjects and dee has no hours: neither shares the load.
const teachers: PlannerTeacher[] = [
  { slug: 'ann', priorities: ['os', 'db'], maxHours: 12 },
  { slug: 'bob', priorities: ['db'], maxHours: 6 },
  { slug: 'cy', priorities: ['chem'], maxHours: 4 },
  { slug: 'dee', priorities: ['os'], maxHours: 0 },
];
const assignments: UnitAssignment[] = [
  { unit: 'os/A/theory', teacher: 'ann', hours: 3 },
  { unit: 'os/A/A1/practical-1', teacher: 'ann', hours: 2 },
  { unit: 'db/A/A1/practical-1', teacher: 'ann', hours: 2 },
  { unit: 'db/A/theory', teacher: 'bob', hours: 3 },
];

const figures = (loads: ReturnType<typeof summariseAllocation>['teachers']) =>
  loads.map(({ teacher, total, fairHours, deviation, subjectSwitches }) => ({
    teacher,
    total,
    fairHours,
    deviation,
    subjectSwitches,
  }));

describe('per-teacher deviation and subject switches', () => {
  it('measures each teacher against covered hours over the sharing capacity (hand-checked)', () => {
    // 10 h covered over ann's 12 + bob's 6 = 18 h: a fair share of 10/18 of each maximum.
    // ann: 12 · 10/18 = 6.67 h, teaches 7 (os and db: one switch); bob: 3.33 h, teaches 3 (db only).
    const { teachers: loads, report } = summariseAllocation(units, teachers, assignments);
    expect(figures(loads)).toEqual([
      { teacher: 'ann', total: 7, fairHours: 6.7, deviation: 0.3, subjectSwitches: 1 },
      { teacher: 'bob', total: 3, fairHours: 3.3, deviation: -0.3, subjectSwitches: 0 },
      { teacher: 'cy', total: 0, fairHours: 0, deviation: 0, subjectSwitches: 0 },
      { teacher: 'dee', total: 0, fairHours: 0, deviation: 0, subjectSwitches: 0 },
    ]);
    expect(report.deviation).toEqual({ meanAbs: 0.3, maxAbs: 0.3 });
    expect(report.subjectSwitches).toEqual({ mean: 0.5, max: 1 });
  });

  it('uses the fair utilisation it is given (the one the cost used)', () => {
    const { teachers: loads, report } = summariseAllocation(units, teachers, assignments, 18, 0.5);
    expect(figures(loads).slice(0, 2)).toEqual([
      { teacher: 'ann', total: 7, fairHours: 6, deviation: 1, subjectSwitches: 1 },
      { teacher: 'bob', total: 3, fairHours: 3, deviation: 0, subjectSwitches: 0 },
    ]);
    expect(report.deviation).toEqual({ meanAbs: 0.5, maxAbs: 1 });
  });

  it('counts an unranked teacher who was given load as sharing it', () => {
    const given = [...assignments, { unit: 'net/A/theory', teacher: 'cy', hours: 4 }];
    // 14 h over 12 + 6 + 4 = 22 h: cy's fair share 4 · 14/22 = 2.545 h, teaching 4.
    const cy = summariseAllocation(units, teachers, given).teachers.find((load) => load.teacher === 'cy');
    expect(cy).toMatchObject({ fairHours: 2.5, deviation: 1.5, subjectSwitches: 0 });
  });
});
