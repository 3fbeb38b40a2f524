import { LpBuilder } from '../solver/lp-builder';
import type { LpTerm } from '../solver/lp-builder';
import { fairLoad } from './problem';
import type { AllocationProblem, ClassCounts } from './problem';
import { subjectCovers } from './subject-cover';

const a = (c: number, t: number) => `a_${c}_${t}`;
const z = (s: number, t: number) => `z_${s}_${t}`;
const e = (t: number) => `e_${t}`;
const term = (coefficient: number, variable: string): LpTerm => ({ coefficient, variable });

/** The model as LP text, with its size for the time budget (see budget.ts). */
export interface AllocationModel {
  readonly text: string;
  readonly nonzeros: number;
}

export type AllocationPhase =
  /** `rankTieBreak` per hour and rank step, small enough never to trade away an hour of coverage. */
  | { readonly kind: 'coverage'; readonly rankTieBreak: number }
  | { readonly kind: 'cost'; readonly minCovered: number; readonly share: number };

function subjectIndex(problem: AllocationProblem): Map<string, number> {
  const index = new Map<string, number>();
  for (const unitClass of problem.classes)
    if (!index.has(unitClass.subject)) index.set(unitClass.subject, index.size);
  return index;
}

/**
 * The allocation MIP over unit classes: a[c][t] ∈ ℕ units of class c to eligible teacher t, at most
 * the class size in total and at most max_t hours per teacher. Phase `coverage` maximises covered
 * hours, less a tiny rank tie-break so the coverage solution already prefers ranked choices. Phase `cost` keeps coverage ≥ the phase-1 value and minimises the secondary cost of
 * `allocationCost`: z[s][t] ∈ {0,1} marks teacher t on subject s (a ≤ n·z), e_t ≥ load_t − share·max_t
 * is the overload above the fair load ceil(share·max_t). The cost phase is strengthened the classic way
 * for fixed charges (see subject-cover.ts): per teacher and subject, the subject's hours are at most
 * the most the teacher can take of it times z (a big-M as tight as the units allow), and each subject
 * has at least the fewest teachers who can cover its required hours.
 */
export function buildAllocationModel(problem: AllocationProblem, phase: AllocationPhase): AllocationModel {
  const model = new LpBuilder(phase.kind === 'coverage' ? 'maximize' : 'minimize');
  const load: LpTerm[][] = problem.teachers.map(() => []);
  const covered: LpTerm[] = [];
  const subjects = subjectIndex(problem);
  const pairs = new Set<string>();
  problem.classes.forEach((unitClass, c) => {
    const supply: LpTerm[] = [];
    for (const t of problem.eligible[c] ?? []) {
      const teacher = problem.teachers[t];
      if (!teacher) continue;
      const cap = Math.min(unitClass.units.length, Math.floor(teacher.maxHours / unitClass.hours));
      model.integer(a(c, t), 0, cap);
      supply.push(term(1, a(c, t)));
      load[t]?.push(term(unitClass.hours, a(c, t)));
      const rank = teacher.ranks.get(unitClass.subject) ?? 1;
      const tieBreak = phase.kind === 'coverage' ? phase.rankTieBreak * (rank - 1) : 0;
      covered.push(term(unitClass.hours * (1 - tieBreak), a(c, t)));
      if (phase.kind === 'cost') {
        const s = subjects.get(unitClass.subject) ?? 0;
        model.addObjective(problem.weights.rank * (rank - 1) * unitClass.hours, a(c, t));
        if (!pairs.has(z(s, t))) {
          pairs.add(z(s, t));
          model.binary(z(s, t));
          model.addObjective(problem.weights.teacherPerSubject, z(s, t));
        }
        model.addRow(`use_${c}_${t}`, [term(1, a(c, t)), term(-cap, z(s, t))], '<=', 0);
      }
    }
    if (supply.length > 0) model.addRow(`supply_${c}`, supply, '<=', unitClass.units.length);
  });
  problem.teachers.forEach((teacher, t) => {
    const terms = load[t] ?? [];
    if (terms.length === 0) return;
    model.addRow(`max_${t}`, terms, '<=', teacher.maxHours);
    if (phase.kind === 'cost') {
      model.continuous(e(t), 0, Infinity);
      model.addObjective(problem.weights.overload, e(t));
      model.addRow(`over_${t}`, [...terms, term(-1, e(t))], '<=', fairLoad(problem, t, phase.share));
    }
  });
  if (phase.kind === 'coverage') for (const c of covered) model.addObjective(c.coefficient, c.variable);
  else {
    model.addRow('coverage', covered, '>=', phase.minCovered);
    addSubjectCovers(model, problem, subjects, phase.minCovered);
  }
  return { text: model.toString(), nonzeros: model.nonzeros() };
}

/** The cost phase's strengthening rows (see {@link buildAllocationModel}). */
function addSubjectCovers(
  model: LpBuilder,
  problem: AllocationProblem,
  subjects: ReadonlyMap<string, number>,
  minCovered: number,
): void {
  for (const cover of subjectCovers(problem, minCovered)) {
    const s = subjects.get(cover.subject) ?? 0;
    const pairs: LpTerm[] = [];
    problem.teachers.forEach((_, t) => {
      const hours = cover.classes
        .filter((c) => problem.eligible[c]?.includes(t))
        .map((c) => term(problem.classes[c]?.hours ?? 0, a(c, t)));
      if (hours.length === 0) return;
      pairs.push(term(1, z(s, t)));
      // Only worth a row when the teacher has more than one class of the subject (else `use_` is as tight).
      if (hours.length > 1)
        model.addRow(`most_${s}_${t}`, [...hours, term(-(cover.mostHours[t] ?? 0), z(s, t))], '<=', 0);
    });
    if (cover.minTeachers > 0) model.addRow(`teachers_${s}`, pairs, '>=', cover.minTeachers);
  }
}

/** Warm-start values of a class-level allocation for either phase. */
export function allocationStart(
  problem: AllocationProblem,
  counts: ClassCounts,
  share: number,
): Map<string, number> {
  const values = new Map<string, number>();
  const subjects = subjectIndex(problem);
  const loads = problem.teachers.map(() => 0);
  counts.forEach((row, c) => {
    const unitClass = problem.classes[c];
    if (!unitClass) return;
    const s = subjects.get(unitClass.subject) ?? 0;
    row.forEach((value, t) => {
      if (!(problem.eligible[c] ?? []).includes(t)) return;
      values.set(a(c, t), value);
      if (value > 0) values.set(z(s, t), 1);
      loads[t] = (loads[t] ?? 0) + value * unitClass.hours;
    });
  });
  problem.teachers.forEach((_, t) =>
    values.set(e(t), Math.max(0, (loads[t] ?? 0) - fairLoad(problem, t, share))),
  );
  return values;
}

/** Reads class-level counts back from solver values (`round` down for an LP's fractional ones). */
export function countsFromSolution(
  problem: AllocationProblem,
  values: ReadonlyMap<string, number>,
  round: (value: number) => number = Math.round,
): ClassCounts {
  return problem.classes.map((_, c) =>
    problem.teachers.map((__, t) => Math.max(0, round(values.get(a(c, t)) ?? 0))),
  );
}

/**
 * Per subject, the rank and pair cost a solution's values give it (an LP relaxation's fractional
 * ones too): with the allocation's own per-subject cost, how much a subject's plan stands above the
 * relaxation (subject-neighbourhoods.ts orders its work by it).
 */
export function subjectCostsOf(
  problem: AllocationProblem,
  values: ReadonlyMap<string, number>,
): Map<string, number> {
  const costs = new Map<string, number>();
  const subjects = subjectIndex(problem);
  problem.classes.forEach((unitClass, c) => {
    let cost = costs.get(unitClass.subject) ?? 0;
    for (const t of problem.eligible[c] ?? []) {
      const rank = problem.teachers[t]?.ranks.get(unitClass.subject) ?? 1;
      cost += problem.weights.rank * (rank - 1) * unitClass.hours * (values.get(a(c, t)) ?? 0);
    }
    costs.set(unitClass.subject, cost);
  });
  for (const [subject, s] of subjects) {
    let pairs = 0;
    problem.teachers.forEach((_, t) => (pairs += values.get(z(s, t)) ?? 0));
    costs.set(subject, (costs.get(subject) ?? 0) + problem.weights.teacherPerSubject * pairs);
  }
  return costs;
}
