import { describe, expect, it } from 'vitest';
import type { PlannerStudent, PlannerSubject } from '../model';
import { bruteForceBest } from '../testing/brute-force';
import { seededRandom } from '../testing/instances';
import { tinyThreeCategoryProblem } from '../testing/tiny-instances';
import { divisionSizeBound } from './division-size-bound';
import { combinatorialLowerBound } from './evaluate';
import { planDivisions } from './plan-divisions';
import { buildProblem } from './problem';

const CORE: PlannerSubject = { slug: 'core', name: 'Core', L: 3, T: 1, P: 2, elective: false };

function slotSubjects(slots: number, options: number, category: (slot: number) => string | undefined) {
  const electives = Array.from({ length: slots * options }, (_, i): PlannerSubject => {
    const slot = Math.floor(i / options);
    return {
      slug: `e${slot}-${i % options}`,
      name: `Elective ${slot} ${i % options}`,
      L: 3 + (i % 2),
      T: 0,
      P: 2,
      elective: true,
      category: category(slot),
    };
  });
  return [CORE, ...electives];
}

function student(index: number, electives: string[]): PlannerStudent {
  return { slug: `s${index}`, enrollment: String(index).padStart(4, '0'), electives };
}

/** Two slots of `options` options, one student per pair of options, divisions of exactly `size`. */
function gridInput(options = 6, size = 9) {
  const subjects = slotSubjects(2, options, (slot) => `slot${slot}`).map((subject) => ({ ...subject, L: 3 }));
  const students = Array.from({ length: options * options }, (_, i) =>
    student(i, [`e0-${Math.floor(i / options)}`, `e1-${i % options}`]),
  );
  return { subjects, students, maxDivisionSize: size, balanceTolerance: 0 };
}

describe('division size bound', () => {
  it('never exceeds the brute-force optimum', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]) {
      const problem = tinyThreeCategoryProblem(seed, 8);
      const best = bruteForceBest(problem)?.teachingHours ?? -1;
      const core = problem.coreHoursPerDivision * problem.divisionCount;
      expect(core + divisionSizeBound(problem)).toBeLessThanOrEqual(best);
    }
  });

  it('never exceeds the brute-force optimum on varied tiny semesters', () => {
    // Shapes the other tests miss: one to three divisions, tolerance 0 to 2 (so sizeLow may be 0),
    // half-hour electives (no rounding up), zero-hour electives, electives without a slot, students
    // with none or two of one slot.
    const random = seededRandom(2026);
    const pick = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
    let compared = 0;
    for (let run = 0; run < 150; run += 1) {
      const halfHours = random() < 0.25;
      const slots = pick(1, 3);
      const electives: PlannerSubject[] = [];
      for (let slot = 0; slot < slots; slot += 1) {
        for (let option = 0, options = pick(1, 3); option < options; option += 1) {
          electives.push({
            slug: `e${slot}-${option}`,
            name: `Elective ${slot}.${option}`,
            L: halfHours ? pick(0, 6) / 2 : pick(0, 4),
            T: 0,
            P: pick(0, 2),
            elective: true,
            category: `slot${slot}`,
          });
        }
      }
      for (let free = 0, count = pick(0, 2); free < count; free += 1) {
        electives.push({ slug: `u${free}`, name: `Free ${free}`, L: pick(1, 3), T: 0, P: 0, elective: true });
      }
      const students = Array.from({ length: pick(2, 8) }, (_, i) => {
        const chosen = new Set<string>();
        for (let slot = 0; slot < slots; slot += 1) {
          const options = electives.filter((subject) => subject.category === `slot${slot}`);
          if (random() < 0.15) continue;
          chosen.add(options[pick(0, options.length - 1)]?.slug ?? '');
          if (random() < 0.1) chosen.add(options[pick(0, options.length - 1)]?.slug ?? '');
        }
        for (const subject of electives) if (!subject.category && random() < 0.35) chosen.add(subject.slug);
        return student(i, [...chosen]);
      });
      const divisions = pick(1, 3);
      const max = Math.ceil(students.length / divisions) + pick(0, 2);
      const tolerance = [0, 0.1, 0.3, 1, 2][pick(0, 4)] ?? 0;
      const problem = buildProblem([CORE, ...electives], students, max, tolerance);
      const best = bruteForceBest(problem)?.teachingHours;
      if (best === undefined) continue;
      const core = problem.coreHoursPerDivision * problem.divisionCount;
      expect(core + divisionSizeBound(problem)).toBeLessThanOrEqual(best + 1e-9);
      compared += 1;
    }
    // Infeasible shapes are skipped; most must be compared for the check to mean anything.
    expect(compared).toBeGreaterThan(100);
  });

  it('meets the brute-force optimum on a small grid, so an inflated bound would be caught', () => {
    const { subjects, students, maxDivisionSize, balanceTolerance } = gridInput(3, 3);
    const problem = buildProblem(subjects, students, maxDivisionSize, balanceTolerance);
    const best = bruteForceBest(problem)?.teachingHours ?? -1;
    const core = problem.coreHoursPerDivision * problem.divisionCount;
    // Three divisions of three pairs: each teaches four electives at best (one row, three columns).
    expect(best).toBe(core + 3 * 4 * 5);
    expect(core + divisionSizeBound(problem)).toBe(best);
  });

  it('stays valid without categories, with students taking no elective or two of one category', () => {
    for (const seed of [21, 22, 23, 24, 25, 26]) {
      const random = seededRandom(seed);
      const subjects = slotSubjects(2, 2, (slot) => (seed % 2 === 0 ? `slot${slot}` : undefined));
      const pool = subjects.filter((subject) => subject.elective).map((subject) => subject.slug);
      const students = Array.from({ length: 10 + (seed % 3) }, (_, i) =>
        student(
          i,
          pool.filter(() => random() < 0.45),
        ),
      );
      const problem = buildProblem(subjects, students, 6, 0.34);
      const best = bruteForceBest(problem)?.teachingHours ?? -1;
      const core = problem.coreHoursPerDivision * problem.divisionCount;
      expect(core + divisionSizeBound(problem)).toBeLessThanOrEqual(best);
    }
  });

  it('proves what a division of scattered choices must teach, where the per-elective bound cannot', () => {
    const { subjects, students, maxDivisionSize, balanceTolerance } = gridInput();
    const problem = buildProblem(subjects, students, maxDivisionSize, balanceTolerance);
    const core = problem.coreHoursPerDivision * problem.divisionCount;
    // Each division holds 9 distinct pairs, so it teaches at least 3 + 3 electives of 5 h: 4 × 30 h.
    expect(core + divisionSizeBound(problem)).toBe(core + 4 * 6 * 5);
    // Per elective, 6 students fit one division: 12 electives of 5 h.
    expect(combinatorialLowerBound(problem)).toBe(core + 12 * 5);
  });

  it('lets the planner prove the grid plan optimal', async () => {
    const plan = await planDivisions(gridInput());
    expect(plan.objective.teachingHours).toBe(4 * 6 + 4 * 6 * 5);
    expect(plan.lowerBound).toBe(plan.objective.teachingHours);
    expect(plan.gap).toBe(0);
    expect(plan.optimal).toBe(true);
  });
});
