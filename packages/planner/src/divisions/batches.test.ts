import { describe, expect, it } from 'vitest';
import { batchCount, divisionName, splitIntoBatches, subjectInitials } from './batches';

const students = (n: number) => Array.from({ length: n }, (_, i) => `s${i}`);

describe('lab batches', () => {
  it('keeps up to 34 students in one batch and cuts larger lists into near-equal batches of at most 24', () => {
    expect(splitIntoBatches('A', students(34)).map((b) => b.students.length)).toEqual([34]);
    expect(splitIntoBatches('A', students(35)).map((b) => b.students.length)).toEqual([18, 17]);
    expect(splitIntoBatches('A', students(60)).map((b) => b.students.length)).toEqual([20, 20, 20]);
    expect(splitIntoBatches('A', students(90)).map((b) => b.students.length)).toEqual([23, 23, 22, 22]);
  });

  it('names batches prefix1, prefix2 and keeps the given order as consecutive slices', () => {
    const batches = splitIntoBatches('ML', students(40));
    expect(batches.map((b) => b.name)).toEqual(['ML1', 'ML2']);
    expect(batches.flatMap((b) => b.students)).toEqual(students(40));
  });

  it('honours a custom policy and yields no batch for nobody', () => {
    expect(batchCount(30, { singleBatchMax: 20, batchSize: 10 })).toBe(3);
    expect(splitIntoBatches('A', [])).toEqual([]);
  });

  it('abbreviates subject names to the initials of their words, skipping numbers', () => {
    expect(subjectInitials('Machine Learning')).toBe('ML');
    expect(subjectInitials('Internet of Things 2')).toBe('IOT');
  });

  it('names divisions A..Z then AA', () => {
    expect([0, 1, 25, 26, 27].map(divisionName)).toEqual(['A', 'B', 'Z', 'AA', 'AB']);
  });
});
