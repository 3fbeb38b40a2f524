import highsLoader from 'highs';
import type { Highs } from 'highs';

/** Outcome of one MIP run, reduced to what the planners need. */
export interface MipRun {
  /** `optimal`: proved optimal; `limit`: stopped by the time limit (maybe with a solution). */
  readonly status: 'optimal' | 'limit' | 'infeasible' | 'error';
  /** Variable values by name, or null when no feasible solution is known. */
  readonly values: ReadonlyMap<string, number> | null;
  readonly objective: number | null;
  /** Best proven bound on the objective (a lower bound when minimising). */
  readonly dualBound: number | null;
  readonly timeMs: number;
  readonly detail: string;
}

/** Options of {@link runMip}. */
export interface MipRunOptions {
  /** `performance.now()` time by which the run must end; loading the model counts against it. */
  readonly deadline: number;
  /** A feasible start; HiGHS checks it and ignores it when infeasible. */
  readonly start?: ReadonlyMap<string, number>;
  readonly absoluteGap?: number;
}

/** Models with more rows than this are solved without presolve (see {@link runMip}). */
export const PRESOLVE_MAX_ROWS = 1500;

let loading: Promise<Highs> | null = null;

/**
 * Loads the HiGHS WebAssembly module once per process; every later call reuses it (loading
 * costs about 60 ms, a solve builds its own native instance so runs never share state).
 */
export function loadHighs(): Promise<Highs> {
  loading ??= highsLoader();
  return loading;
}

function readValues(model: { getColName(index: number): string }, colValue: Float64Array) {
  const values = new Map<string, number>();
  for (let index = 0; index < colValue.length; index += 1) {
    values.set(model.getColName(index), colValue[index] ?? 0);
  }
  return values;
}

/**
 * Solves a CPLEX-LP-format MIP with HiGHS by a wall-clock deadline, optionally from a warm
 * start, and returns the incumbent, its objective and the proven dual bound. The call blocks the
 * thread for at most about the limit (HiGHS checks its clock between nodes). Solver errors are
 * returned as `status: 'error'`, never thrown, so callers can always fall back to a heuristic.
 */
export async function runMip(lpText: string, options: MipRunOptions): Promise<MipRun> {
  const highs = await loadHighs();
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  try {
    return highs.withModel({ format: 'lp', data: lpText }, (model) => {
      model.options.set({
        output_flag: false,
        // The clock starts after parsing, so parsing time is taken off the limit.
        time_limit: Math.max(0.02, (options.deadline - performance.now()) / 1000),
        mip_rel_gap: 0,
        mip_abs_gap: options.absoluteGap ?? 1e-6,
        random_seed: 0,
        // HiGHS presolve (probing above all) ignores the time limit and the interrupt callbacks:
        // on a 3k-row division model it ran 1.3 s past a 1 s limit and returned nothing. On
        // small models it is fast and often what proves optimality, so it stays on there.
        presolve: model.getDimensions().numRows <= PRESOLVE_MAX_ROWS ? 'on' : 'off',
      });
      if (options.start) {
        const count = model.getDimensions().numCols;
        const start = new Float64Array(count);
        for (let index = 0; index < count; index += 1) {
          start[index] = options.start.get(model.getColName(index)) ?? 0;
        }
        model.setSolution({ colValue: start });
      }
      // HiGHS checks its own clock only between phases (it overshot 2 s limits by seconds in
      // tests), so the interrupt callbacks enforce the deadline during long LP and MIP work too.
      const stopAtDeadline = (event: { interrupt(): void }): undefined => {
        if (performance.now() >= options.deadline) event.interrupt();
        return undefined;
      };
      const callbacks = highs.constants.callbackType;
      model.run({
        [callbacks.simplexInterrupt]: stopAtDeadline,
        [callbacks.ipmInterrupt]: stopAtDeadline,
        [callbacks.mipInterrupt]: stopAtDeadline,
      });
      const code = model.getModelStatus();
      const statusCodes = highs.constants.modelStatus;
      const hasSolution = Number(model.info.get('primal_solution_status')) === 2;
      const values = hasSolution ? readValues(model, model.getSolution().colValue) : null;
      const objective = hasSolution ? model.getObjectiveValue() : null;
      const rawBound = Number(model.info.get('mip_dual_bound'));
      const dualBound = Number.isFinite(rawBound) ? rawBound : null;
      const status: MipRun['status'] =
        code === statusCodes.optimal
          ? 'optimal'
          : code === statusCodes.infeasible
            ? 'infeasible'
            : code === statusCodes.timeLimit || code === statusCodes.interrupted
              ? 'limit'
              : 'error';
      return {
        status,
        values,
        objective,
        dualBound,
        timeMs: elapsed(),
        detail: `highs model status ${code}`,
      };
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { status: 'error', values: null, objective: null, dualBound: null, timeMs: elapsed(), detail };
  }
}
