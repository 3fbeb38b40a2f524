import { describe, expect, it } from 'vitest';
import type { PlannerSubject } from '../model';
import { originalExhaustive } from './original-exhaustive';

const subjects: PlannerSubject[] = [
  { slug: 'ml', name: 'ML', L: 3, T: 0, P: 2, elective: true },
  { slug: 'cc', name: 'CC', L: 3, T: 0, P: 2, elective: true },
  { slug: 'is', name: 'IS', L: 2, T: 0, P: 2, elective: true },
];
const group = (prefix: string, n: number, electives: string[]) =>
  Array.from({ length: n }, (_, i) => ({
    slug: `${prefix}${i}`,
    enrollment: `${prefix}${String(i).padStart(3, '0')}`,
    electives,
  }));

describe('original exhaustive method (re-implementation)', () => {
  it('splits a group larger than the limit and minimises extra elective hours', () => {
    const students = [...group('a', 7, ['ml', 'is']), ...group('b', 3, ['cc', 'is'])];
    const result = originalExhaustive(subjects, students, 5);
    expect(result.finished).toBe(true);
    // 10 students in 2 divisions of 5: IS is taught in both (4 extra h); ML must be split as well (5 extra h).
    expect(result.divisions.map((d) => d.length)).toEqual([5, 5]);
    expect(result.extraHours).toBe(4 + 5);
    expect(result.teachingHours).toBe(2 * 5 + 5 + 2 * 4);
  });

  it('stops at its time limit and says so', () => {
    const students = Array.from({ length: 40 }, (_, i) => ({
      slug: `s${i}`,
      enrollment: String(i).padStart(3, '0'),
      electives: [i % 2 ? 'ml' : 'cc', i % 3 ? 'is' : 'ml'].filter((v, k, all) => all.indexOf(v) === k),
    }));
    const many = students.map((s, i) => ({
      ...s,
      electives: [...s.electives, ...(i % 5 === 0 ? ['is'] : [])],
    }));
    const result = originalExhaustive(subjects, many.slice(0, 40), 3, 50);
    expect(result.finished).toBe(false);
  });
});
