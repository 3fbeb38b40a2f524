import { describe, expect, it } from 'vitest';
import { allocateLoad, AllocationInputError } from './allocate-load';
import type { AllocationInput } from './types';

// What JSON input may hold: the planner's types are only a promise the CLI cannot check.
const untyped = (value: unknown) => value as AllocationInput;
const unit = { id: 'u1', subject: 'ml', kind: 'theory', division: 'A', batch: null, hours: 3 };
const teacher = { slug: 't1', priorities: ['ml'], maxHours: 12 };

async function issuesOf(input: AllocationInput): Promise<readonly string[]> {
  try {
    await allocateLoad({ ...input, exact: input.exact ?? false });
  } catch (error) {
    if (error instanceof AllocationInputError) return error.issues;
    throw error;
  }
  return [];
}

describe('allocateLoad on malformed input', () => {
  it('names missing lists and fields instead of failing inside the planner', async () => {
    expect(await issuesOf(untyped({ teachers: [teacher] }))).toEqual(['units must be a list (got nothing)']);
    expect(await issuesOf(untyped({ units: [unit], teachers: [{ slug: 't1' }] }))).toEqual([
      'teacher t1: priorities must be a list of subject slugs (got nothing)',
    ]);
  });

  it('rejects text for numbers, unknown kinds and negative weights', async () => {
    const input = untyped({
      units: [{ ...unit, kind: 'lab', hours: '3' }],
      teachers: [{ ...teacher, maxHours: '10' }],
      weights: { rank: -5 },
      timeBudgetMs: '500',
    });
    expect(await issuesOf(input)).toEqual([
      'unit u1: kind must be one of theory, tutorial, practical (got "lab")',
      'unit u1: hours must be > 0 and at most 168 (got "3")',
      'teacher t1: maxHours must be >= 0 and at most 168 (got "10")',
      'timeBudgetMs must be a number of milliseconds > 0 (got "500")',
      'weights.rank must be a number >= 0 (got -5)',
    ]);
  });

  it('rejects more hours than a week has (a maximum of 1e15 ended in "Invalid array length")', async () => {
    const input = untyped({ units: [{ ...unit, hours: 1e12 }], teachers: [{ ...teacher, maxHours: 1e15 }] });
    expect(await issuesOf(input)).toEqual([
      'unit u1: hours must be > 0 and at most 168 (got 1000000000000)',
      'teacher t1: maxHours must be >= 0 and at most 168 (got 1000000000000000)',
    ]);
  });

  it('allocates well-formed input', async () => {
    const result = await allocateLoad(untyped({ units: [unit], teachers: [teacher], exact: false }));
    expect(result.assignments).toEqual([{ unit: 'u1', teacher: 't1', hours: 3 }]);
  });
});
