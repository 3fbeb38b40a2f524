import { LpBuilder } from '../solver/lp-builder';
import type { LpTerm } from '../solver/lp-builder';
import type { Counts, DivisionProblem } from './problem';

const x = (g: number, d: number) => `x_${g}_${d}`;
const y = (e: number, d: number) => `y_${e}_${d}`;
const w = (g: number, d: number) => `w_${g}_${d}`;
const term = (coefficient: number, variable: string): LpTerm => ({ coefficient, variable });

/** Which objective a model optimises: phase 1 hours, phase 2 splits and spread at fixed hours. */
export type ModelPhase =
  { readonly kind: 'hours' } | { readonly kind: 'tidy'; readonly maxElectiveHours: number };

/**
 * The division MIP. x[g][d] ∈ ℕ students of group g in division d; y[e][d] ∈ {0,1} elective e
 * taught in d. Every group is fully placed, sizes lie in [sizeLow, sizeHigh] and differ by at most
 * spreadLimit (zmax − zmin), and y[e][d] is forced by every group taking e (per group and summed).
 * Phase `hours` minimises Σ h_e Σ_d y[e][d] (core hours are a constant and added by the caller);
 * the cover cut Σ_d y[e][d] ≥ ceil(n_e / sizeHigh) strengthens the relaxation. Phase `tidy` fixes
 * the elective hours to at most the phase-1 value and minimises (sizeHigh+1)·pieces + spread, so
 * fewer group splits always beat a smaller spread. Divisions are ordered by size to cut symmetry.
 */
export function buildDivisionModel(problem: DivisionProblem, phase: ModelPhase): string {
  const { divisionCount: D, sizeLow, sizeHigh } = problem;
  const model = new LpBuilder('minimize');
  const divisions = Array.from({ length: D }, (_, d) => d);

  problem.groups.forEach((group, g) => {
    const cap = Math.min(group.size, sizeHigh);
    for (const d of divisions) model.integer(x(g, d), 0, cap);
    model.addRow(
      `place_${g}`,
      divisions.map((d) => term(1, x(g, d))),
      '=',
      group.size,
    );
  });
  model.continuous('zmin', sizeLow, sizeHigh);
  model.continuous('zmax', sizeLow, sizeHigh);
  model.addRow('spread', [term(1, 'zmax'), term(-1, 'zmin')], '<=', problem.spreadLimit);
  for (const d of divisions) {
    const size = problem.groups.map((_, g) => term(1, x(g, d)));
    model.addRow(`cap_${d}`, size, '<=', sizeHigh);
    model.addRow(`low_${d}`, size, '>=', sizeLow);
    model.addRow(`max_${d}`, [...size, term(-1, 'zmax')], '<=', 0);
    model.addRow(`min_${d}`, [...size, term(-1, 'zmin')], '>=', 0);
    if (d + 1 < D) {
      const next = problem.groups.map((_, g) => term(-1, x(g, d + 1)));
      model.addRow(`order_${d}`, [...size, ...next], '>=', 0);
    }
  }
  const hoursTerms: LpTerm[] = [];
  problem.electives.forEach((_, e) => {
    const hours = problem.electiveHours[e] ?? 0;
    const groups = problem.electiveGroups[e] ?? [];
    for (const d of divisions) {
      model.binary(y(e, d));
      hoursTerms.push(term(hours, y(e, d)));
      model.addRow(
        `all_${e}_${d}`,
        [...groups.map((g) => term(1, x(g, d))), term(-sizeHigh, y(e, d))],
        '<=',
        0,
      );
      for (const g of groups) {
        const cap = Math.min(problem.groups[g]?.size ?? 0, sizeHigh);
        model.addRow(`one_${e}_${g}_${d}`, [term(1, x(g, d)), term(-cap, y(e, d))], '<=', 0);
      }
    }
    const needed = Math.ceil((problem.electiveStudents[e] ?? 0) / Math.max(1, sizeHigh));
    model.addRow(
      `cover_${e}`,
      divisions.map((d) => term(1, y(e, d))),
      '>=',
      needed,
    );
  });

  if (phase.kind === 'hours') {
    for (const t of hoursTerms) model.addObjective(t.coefficient, t.variable);
  } else {
    model.addRow('hours', hoursTerms, '<=', phase.maxElectiveHours);
    problem.groups.forEach((group, g) => {
      const cap = Math.min(group.size, sizeHigh);
      for (const d of divisions) {
        model.binary(w(g, d));
        model.addObjective(sizeHigh + 1, w(g, d));
        model.addRow(`piece_${g}_${d}`, [term(1, x(g, d)), term(-cap, w(g, d))], '<=', 0);
      }
    });
    model.addObjective(1, 'zmax');
    model.addObjective(-1, 'zmin');
  }
  return model.toString();
}

/** The variable values describing an assignment, used as the solver's warm start. */
export function startValues(problem: DivisionProblem, counts: Counts): Map<string, number> {
  const values = new Map<string, number>();
  const sizes = new Array<number>(problem.divisionCount).fill(0);
  counts.forEach((row, g) =>
    row.forEach((value, d) => {
      values.set(x(g, d), value);
      values.set(w(g, d), value > 0 ? 1 : 0);
      sizes[d] = (sizes[d] ?? 0) + value;
    }),
  );
  problem.electiveGroups.forEach((groups, e) => {
    for (let d = 0; d < problem.divisionCount; d += 1) {
      values.set(y(e, d), groups.some((g) => (counts[g]?.[d] ?? 0) > 0) ? 1 : 0);
    }
  });
  values.set('zmin', Math.min(...sizes));
  values.set('zmax', Math.max(...sizes));
  return values;
}

/** Reads the assignment matrix back from solver values (rounding solver noise). */
export function countsFromValues(problem: DivisionProblem, values: ReadonlyMap<string, number>): Counts {
  return problem.groups.map((_, g) =>
    Array.from({ length: problem.divisionCount }, (__, d) => Math.round(values.get(x(g, d)) ?? 0)),
  );
}

/** Sorts divisions by size (largest first) so a start satisfies the model's symmetry cut. */
export function orderBySize(counts: Counts): Counts {
  const D = counts[0]?.length ?? 0;
  const sizes = Array.from({ length: D }, (_, d) => counts.reduce((sum, row) => sum + (row[d] ?? 0), 0));
  const order = Array.from({ length: D }, (_, d) => d).sort(
    (a, b) => (sizes[b] ?? 0) - (sizes[a] ?? 0) || a - b,
  );
  return counts.map((row) => order.map((d) => row[d] ?? 0));
}
