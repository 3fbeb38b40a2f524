import { choiceGroups } from './choice-groups';
import type { PlannerStudent, PlannerSubject } from '../model';
import { weeklyHours } from '../model';

/** Result of {@link originalExhaustive}. */
export interface OriginalResult {
  /** Divisions as lists of student slugs, in the order the search created them. */
  readonly divisions: string[][];
  /** The original objective: Σ_s (k_s − 1)·(L+T+P) over electives, i.e. extra teaching hours. */
  readonly extraHours: number;
  /** Σ_s k_s·(L+T+P) over all subjects (core in every division), comparable to our teachingHours. */
  readonly teachingHours: number;
  readonly finished: boolean;
  readonly calls: number;
  readonly timeMs: number;
}

interface Item {
  readonly electives: readonly string[];
  readonly students: readonly string[];
}

/**
 * Re-implementation of the original product's `allocate_groups_with_splitting` (server-notes
 * §5.2), for benchmarks only: groups are cut into pieces of at most `max`, then an unpruned
 * depth-first search places each piece whole into an existing division, or fills a division's
 * remaining room and pushes the rest of the piece to the front, or opens a new division (while
 * there are fewer divisions than pieces); the first leaf with the strictly lowest cost wins. It is
 * exponential; `timeLimitMs` stops it, and `finished: false` then means the answer is not the
 * original's. Groups are taken in our canonical order (size, then enrolment), not DB order.
 */
export function originalExhaustive(
  subjects: readonly PlannerSubject[],
  students: readonly PlannerStudent[],
  max: number,
  timeLimitMs = 60_000,
): OriginalResult {
  const started = performance.now();
  const hours = new Map(subjects.map((subject) => [subject.slug, weeklyHours(subject)]));
  const coreHours = subjects.filter((s) => !s.elective).reduce((sum, s) => sum + weeklyHours(s), 0);
  const items: Item[] = [];
  for (const group of choiceGroups(students)) {
    for (let start = 0; start < group.students.length; start += max) {
      items.push({ electives: group.electives, students: group.students.slice(start, start + max) });
    }
  }
  let best: Item[][] | null = null;
  let bestCost = Infinity;
  let calls = 0;
  let stopped = false;

  const cost = (divisions: readonly Item[][]): number => {
    const taught = new Map<string, number>();
    for (const division of divisions) {
      for (const subject of new Set(division.flatMap((item) => item.electives))) {
        taught.set(subject, (taught.get(subject) ?? 0) + 1);
      }
    }
    let total = 0;
    for (const [subject, k] of taught)
      total += Math.abs(k * (hours.get(subject) ?? 0) - (hours.get(subject) ?? 0));
    return total;
  };

  const search = (remaining: readonly Item[], divisions: Item[][]): void => {
    calls += 1;
    if (stopped || ((calls & 1023) === 0 && performance.now() - started > timeLimitMs)) {
      stopped = true;
      return;
    }
    const [item, ...rest] = remaining;
    if (!item) {
      const value = cost(divisions);
      if (value < bestCost) {
        bestCost = value;
        best = divisions.map((division) => [...division]);
      }
      return;
    }
    const n = item.students.length;
    divisions.forEach((division, d) => {
      const size = division.reduce((sum, piece) => sum + piece.students.length, 0);
      const next = divisions.map((other, index) => (index === d ? [...other] : other));
      if (size + n <= max) {
        next[d]?.push(item);
        search(rest, next);
      } else if (max - size > 0) {
        const room = max - size;
        next[d]?.push({ electives: item.electives, students: item.students.slice(0, room) });
        search([{ electives: item.electives, students: item.students.slice(room) }, ...rest], next);
      }
    });
    if (divisions.length < items.length) search(rest, [...divisions, [item]]);
  };
  search(items, []);
  const found: Item[][] = best ?? [];
  const divisions = found.map((division) => division.flatMap((item) => item.students));
  const electiveHours = subjects
    .filter((s) => s.elective)
    .reduce(
      (sum, s) =>
        sum + found.filter((d) => d.some((i) => i.electives.includes(s.slug))).length * weeklyHours(s),
      0,
    );
  return {
    divisions,
    extraHours: bestCost,
    teachingHours: coreHours * found.length + electiveHours,
    finished: !stopped,
    calls,
    timeMs: Math.round(performance.now() - started),
  };
}
