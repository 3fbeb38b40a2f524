import { runStructuredMip } from '../../solver/highs-runner';
import type { Counts, DivisionProblem } from '../problem';
import { compatibleGroups } from './types';

/** Outcome of {@link solveTypeMaster}. */
export interface TypeMasterResult {
  /** The assignment read back from the MIP, or null when it found none. */
  readonly counts: Counts | null;
  readonly status: string;
}

/**
 * Restricted master MIP over division types (price-and-branch): z_t ∈ ℕ divisions teach exactly the
 * electives of type t (cost = their hours), x_gt ∈ ℕ students of group g sit in them (only groups
 * whose electives t covers), Σ_t z_t = D, Σ_t x_gt = n_g, low·z_t ≤ Σ_g x_gt ≤ high·z_t. The window
 * [low, high] is at most the spread limit wide, so any split of a type's students into z_t
 * near-equal divisions is balanced. `start` (the heuristic's plan, whose division types must be
 * in `types`) is the warm start, so the MIP only returns something at least as good.
 */
export async function solveTypeMaster(
  problem: DivisionProblem,
  types: readonly (readonly number[])[],
  window: { readonly low: number; readonly high: number },
  start: Counts,
  deadline: number,
): Promise<TypeMasterResult> {
  const D = problem.divisionCount;
  const G = problem.groups.length;
  const colCost: number[] = [];
  const colUpper: number[] = [];
  const typeColumn: number[] = [];
  const members: number[][] = [];
  const memberColumns: number[][] = [];
  for (const type of types) {
    typeColumn.push(colCost.length);
    colCost.push(type.reduce((sum, e) => sum + (problem.electiveHours[e] ?? 0), 0));
    colUpper.push(D);
    const groups = compatibleGroups(problem, type);
    members.push(groups);
    memberColumns.push(
      groups.map((g) => {
        colCost.push(0);
        colUpper.push(problem.groups[g]?.size ?? 0);
        return colCost.length - 1;
      }),
    );
  }
  const numCols = colCost.length;
  // Rows: divisions, one per group, two per type (CSR).
  const starts = [0];
  const indices: number[] = [];
  const values: number[] = [];
  const rowLower: number[] = [];
  const rowUpper: number[] = [];
  const addRow = (cols: readonly number[], coefficients: readonly number[], lower: number, upper: number) => {
    indices.push(...cols);
    values.push(...coefficients);
    starts.push(indices.length);
    rowLower.push(lower);
    rowUpper.push(upper);
  };
  addRow(
    typeColumn,
    typeColumn.map(() => 1),
    D,
    D,
  );
  const byGroup: { cols: number[] }[] = problem.groups.map(() => ({ cols: [] }));
  members.forEach((groups, t) => groups.forEach((g, i) => byGroup[g]?.cols.push(memberColumns[t]?.[i] ?? 0)));
  problem.groups.forEach((group, g) => {
    const cols = byGroup[g]?.cols ?? [];
    addRow(
      cols,
      cols.map(() => 1),
      group.size,
      group.size,
    );
  });
  const infinity = Number.POSITIVE_INFINITY;
  types.forEach((_, t) => {
    const cols = [typeColumn[t] ?? 0, ...(memberColumns[t] ?? [])];
    const ones = (memberColumns[t] ?? []).map(() => 1);
    addRow(cols, [-window.high, ...ones], -infinity, 0);
    addRow(cols, [-window.low, ...ones], 0, infinity);
  });

  const isTypeColumn = new Set(typeColumn);
  const typeIndex = new Map(types.map((type, t) => [type.join(','), t]));
  const startValues = new Float64Array(numCols);
  for (let d = 0; d < D; d += 1) {
    const used = new Set<number>();
    start.forEach((row, g) => {
      if ((row[d] ?? 0) > 0) for (const e of problem.groupElectives[g] ?? []) used.add(e);
    });
    const t = typeIndex.get([...used].sort((a, b) => a - b).join(','));
    if (t === undefined) continue;
    startValues[typeColumn[t] ?? 0] = (startValues[typeColumn[t] ?? 0] ?? 0) + 1;
    (members[t] ?? []).forEach((g, i) => {
      const column = memberColumns[t]?.[i] ?? 0;
      startValues[column] = (startValues[column] ?? 0) + (start[g]?.[d] ?? 0);
    });
  }

  const run = await runStructuredMip(
    {
      numCols,
      numRows: rowLower.length,
      colCost,
      colLower: new Float64Array(numCols),
      colUpper,
      rowLower,
      rowUpper,
      matrix: { format: 'csr', numRows: rowLower.length, numCols, starts, indices, values },
      // Only z is integer: for integer z the x rows form a transportation problem (totally
      // unimodular), so the solver's basic solutions have whole x; the read-back rounds noise.
      integrality: Int32Array.from({ length: numCols }, (_, column) => (isTypeColumn.has(column) ? 1 : 0)),
    },
    { deadline, start: startValues, absoluteGap: 0.999 },
  );
  if (!run.values) return { counts: null, status: run.status };
  const solution = run.values;
  const counts: Counts = problem.groups.map(() => new Array<number>(D).fill(0));
  let division = 0;
  types.forEach((_, t) => {
    const z = Math.round(solution[typeColumn[t] ?? 0] ?? 0);
    if (z <= 0) return;
    const pieces = (members[t] ?? [])
      .map((g, i) => ({ g, amount: Math.round(solution[memberColumns[t]?.[i] ?? 0] ?? 0) }))
      .filter((piece) => piece.amount > 0);
    const total = pieces.reduce((sum, piece) => sum + piece.amount, 0);
    // Near-equal sizes: within [floor, ceil] of total / z, hence inside the window.
    const sizes = Array.from({ length: z }, (_, k) => Math.floor(total / z) + (k < total % z ? 1 : 0));
    let k = 0;
    let room = sizes[0] ?? 0;
    for (const piece of pieces) {
      let left = piece.amount;
      while (left > 0 && k < z) {
        const take = Math.min(left, room);
        const row = counts[piece.g];
        if (row) row[division + k] = (row[division + k] ?? 0) + take;
        left -= take;
        room -= take;
        if (room === 0) {
          k += 1;
          room = sizes[k] ?? 0;
        }
      }
    }
    division += z;
  });
  return { counts: G > 0 && division === D ? counts : null, status: run.status };
}
