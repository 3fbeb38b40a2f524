import type { PlannerSubject } from '../model';
import { buildProblem } from '../divisions/problem';
import type { DivisionProblem } from '../divisions/problem';
import { seededRandom } from './instances';

/** Three elective categories a, b, c with two options each and differing hours. */
export const THREE_CATEGORY_SUBJECTS: PlannerSubject[] = ['a', 'b', 'c'].flatMap((category, c) =>
  [1, 2].map((option) => ({
    slug: `${category}${option}`,
    name: `${category} ${option}`,
    L: 2 + ((c + option) % 3),
    T: option - 1,
    P: 2,
    elective: true,
    category,
  })),
);

/**
 * A tiny seeded problem small enough for brute force: `minStudents` to `minStudents + 4` students,
 * each picking one option per category at random, two divisions, balance tolerance 0.3.
 */
export function tinyThreeCategoryProblem(seed: number, minStudents: number): DivisionProblem {
  const random = seededRandom(seed);
  const count = minStudents + Math.floor(random() * 5);
  const students = Array.from({ length: count }, (_, i) => ({
    slug: `s${i}`,
    enrollment: String(i).padStart(3, '0'),
    electives: ['a', 'b', 'c'].map((category) => `${category}${random() < 0.5 ? 1 : 2}`),
  }));
  return buildProblem(THREE_CATEGORY_SUBJECTS, students, Math.ceil(count / 2), 0.3);
}
