import { describe, expect, it } from 'vitest';
import type { PlannerTeacher, TeachingUnit } from './types';
import { validateAllocation } from './validate-allocation';

const units: TeachingUnit[] = [
  { id: 'os/A/theory', subject: 'os', kind: 'theory', division: 'A', batch: null, hours: 3 },
  { id: 'os/A/A1/practical-1', subject: 'os', kind: 'practical', division: 'A', batch: 'A1', hours: 2 },
];
const teachers: PlannerTeacher[] = [
  { slug: 'ann', priorities: ['os'], maxHours: 4 },
  { slug: 'bob', priorities: [] },
];

describe('validateAllocation', () => {
  it('accepts a clean allocation', () => {
    expect(validateAllocation(units, teachers, [{ unit: 'os/A/theory', teacher: 'ann', hours: 3 }])).toEqual(
      [],
    );
  });

  it('reports every violation', () => {
    const violations = validateAllocation(units, teachers, [
      { unit: 'os/A/theory', teacher: 'ann', hours: 3 },
      { unit: 'os/A/theory', teacher: 'ann', hours: 3 },
      { unit: 'os/A/A1/practical-1', teacher: 'bob', hours: 1 },
      { unit: 'ghost', teacher: 'ann', hours: 1 },
      { unit: 'os/A/theory', teacher: 'zed', hours: 0 },
    ]);
    const codes = violations.map((v) => v.code).sort();
    expect(codes).toEqual(
      [
        'duplicate-entry',
        'invalid-hours',
        'invalid-hours',
        'subject-not-ranked',
        'teacher-over-max',
        'unit-over-assigned',
        'unknown-teacher',
        'unknown-unit',
      ].sort(),
    );
    expect(violations.find((v) => v.code === 'subject-not-ranked')?.severity).toBe('warning');
    expect(violations.find((v) => v.code === 'teacher-over-max')?.teacher).toBe('ann');
  });
});
