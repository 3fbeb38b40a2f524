import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import highsLoader from 'highs';
import type { EncodedModel, Highs, Model, ModelData } from 'highs';

/** Outcome of one MIP run, reduced to what the planners need. */
export interface MipRun {
  /** `optimal`: proved optimal; `limit`: stopped by the time limit (maybe with a solution). */
  readonly status: 'optimal' | 'limit' | 'infeasible' | 'error';
  /** Variable values by name, or null when no feasible solution is known. */
  readonly values: ReadonlyMap<string, number> | null;
  readonly objective: number | null;
  /** Best proven bound on the objective (a lower bound when minimising). */
  readonly dualBound: number | null;
  /**
   * Row duals by row name, for an LP relaxation solved to optimality (null otherwise). HiGHS's
   * convention: reduced cost = cost − Σ dual · coefficient, so a binding ≤ row has a dual ≤ 0 and
   * a binding ≥ row one ≥ 0 when minimising.
   */
  readonly rowDuals?: ReadonlyMap<string, number> | null;
  readonly timeMs: number;
  readonly detail: string;
}

/** Options of {@link runMip}. */
export interface MipRunOptions {
  /** `clock()` time by which the run must end; loading the model counts against it. */
  readonly deadline: number;
  /** The clock of `deadline` (default `performance.now`; tests and the CPU-time bench inject theirs). */
  readonly clock?: () => number;
  /** A feasible start; HiGHS checks it and ignores it when infeasible. */
  readonly start?: ReadonlyMap<string, number>;
  readonly absoluteGap?: number;
  /**
   * Solve the LP relaxation instead (integrality dropped): its optimum is a lower bound of the MIP
   * (when minimising), found by the simplex, which honours the deadline, unlike the MIP's root work.
   */
  readonly relax?: boolean;
}

/** Models with more rows than this are solved without presolve (see {@link runMip}). */
export const PRESOLVE_MAX_ROWS = 1500;

/** Compiled HiGHS code, opaque here: the project's TypeScript libs do not declare WebAssembly. */
export type CompiledHighs = object;

interface WasmCompiler {
  compile(bytes: Uint8Array): Promise<CompiledHighs>;
}

let compiling: Promise<CompiledHighs> | null = null;
let loading: Promise<Highs> | null = null;

/**
 * The HiGHS WebAssembly code, compiled once per process. Worker threads (isolated-mip.ts) get
 * the same compiled module, so a thread starts without compiling it again (~15 instead of ~50 ms).
 */
export function highsModule(): Promise<CompiledHighs> {
  const wasm = (globalThis as unknown as { WebAssembly: WasmCompiler }).WebAssembly;
  // Read synchronously (a few ms) so that the compile, which V8 runs on background threads, starts
  // at once: a caller that warms HiGHS up and then computes (planDivisions) overlaps the two.
  compiling ??= wasm.compile(readFileSync(createRequire(import.meta.url).resolve('highs/runtime')));
  return compiling;
}

/**
 * Starts loading HiGHS without waiting for it, for callers that will need it after work of their
 * own; a failure surfaces at the first real use ({@link loadHighs} keeps the rejected promise).
 */
export function warmUpHighs(): void {
  try {
    loadHighs().catch(() => undefined);
  } catch {
    // Finding or reading the module failed: the first real use reports it.
  }
}

/**
 * Loads the HiGHS WebAssembly module once per process; every later call reuses it (loading
 * costs about 60 ms, a solve builds its own native instance so runs never share state).
 */
export function loadHighs(): Promise<Highs> {
  loading ??= highsModule()
    .then((wasmModule) => highsLoader({ wasmModule }))
    .then((highs) => {
      loaded = true;
      return highs;
    });
  return loading;
}

let loaded = false;

// What a run costs beyond its time limit before HiGHS is loaded in this process: loading it and
// code the engine has not optimised yet (100-300 ms on a fresh process; a 40-student plan with
// a 300-ms budget took 370-400 ms).
const COLD_START_MS = 200;

/** The extra time HiGHS's next run costs whatever its limit: 0 once HiGHS is loaded in this process. */
export function highsStartCostMs(): number {
  return loaded ? 0 : COLD_START_MS;
}

/**
 * HiGHS options of one run: when to stop (time limit, gaps); presolve is set by {@link presolveFor}
 * once the model's rows are known. Shared by the in-thread runs and the worker runs (isolated-mip.ts).
 */
export function highsOptions(
  timeLimitMs: number,
  absoluteGap: number | undefined,
): Record<string, string | number | boolean> {
  return {
    output_flag: false,
    time_limit: Math.max(0.02, timeLimitMs / 1000),
    mip_rel_gap: 0,
    mip_abs_gap: absoluteGap ?? 1e-6,
    random_seed: 0,
  };
}

/**
 * HiGHS presolve (probing above all) ignores the time limit and the interrupt callbacks: on a
 * 3k-row division model it ran 1.3 s past a 1 s limit and returned nothing. On small models it
 * is fast and often what proves optimality, so it stays on there.
 */
export function presolveFor(numRows: number): 'on' | 'off' {
  return numRows <= PRESOLVE_MAX_ROWS ? 'on' : 'off';
}

function readValues(model: { getColName(index: number): string }, colValue: Float64Array) {
  const values = new Map<string, number>();
  for (let index = 0; index < colValue.length; index += 1) {
    values.set(model.getColName(index), colValue[index] ?? 0);
  }
  return values;
}

type LoadedModel = Model;

function readRowDuals(model: LoadedModel): Map<string, number> {
  const duals = new Map<string, number>();
  const rowDual = model.getSolution().rowDual;
  for (let index = 0; index < rowDual.length; index += 1)
    duals.set(model.getRowName(index), rowDual[index] ?? 0);
  return duals;
}
type ModelSource = ModelData | EncodedModel;

interface RawRun {
  readonly status: MipRun['status'];
  readonly colValue: Float64Array | null;
  readonly objective: number | null;
  readonly dualBound: number | null;
  readonly detail: string;
}

/**
 * Runs a loaded model by the deadline and reads status, incumbent and dual bound. Shared by the
 * LP-text and the structured entry points.
 */
function solveLoaded(
  highs: Highs,
  model: LoadedModel,
  deadline: number,
  absoluteGap: number | undefined,
  start: ((index: number) => number) | undefined,
  relax: boolean,
  clock: () => number,
): RawRun {
  if (relax) model.clearIntegrality();
  // The clock starts after loading, so loading time is taken off the limit.
  model.options.set({
    ...highsOptions(deadline - clock(), absoluteGap),
    presolve: presolveFor(model.getDimensions().numRows),
  });
  if (start) {
    const count = model.getDimensions().numCols;
    const values = new Float64Array(count);
    for (let index = 0; index < count; index += 1) values[index] = start(index);
    model.setSolution({ colValue: values });
  }
  // HiGHS checks its own clock only between phases (it overshot 2 s limits by seconds in
  // tests), so the interrupt callbacks enforce the deadline during long LP and MIP work too.
  const stopAtDeadline = (event: { interrupt(): void }): undefined => {
    if (clock() >= deadline) event.interrupt();
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
  // An LP's optimum is its own bound; mip_dual_bound is undefined there.
  const rawBound = relax
    ? code === highs.constants.modelStatus.optimal
      ? model.getObjectiveValue()
      : NaN
    : Number(model.info.get('mip_dual_bound'));
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
    colValue: hasSolution ? Float64Array.from(model.getSolution().colValue) : null,
    objective: hasSolution ? model.getObjectiveValue() : null,
    dualBound: Number.isFinite(rawBound) ? rawBound : null,
    detail: `highs model status ${code}`,
  };
}

/** Detail of a run that was not started because its deadline had passed. */
export const NOT_STARTED_PAST_DEADLINE = 'not started: the deadline had passed';

/** A run that was not started: nothing solved, nothing proved (`limit` unless the caller knows better). */
export function runNotStarted(detail: string, status: MipRun['status'] = 'limit'): MipRun {
  return { status, values: null, objective: null, dualBound: null, timeMs: 0, detail };
}

const PAST_DEADLINE_RUN: RawRun = {
  status: 'limit',
  colValue: null,
  objective: null,
  dualBound: null,
  detail: NOT_STARTED_PAST_DEADLINE,
};

async function runSource<T>(
  source: ModelSource,
  read: (model: LoadedModel, run: RawRun) => T,
  options: {
    deadline: number;
    absoluteGap?: number;
    start?: (model: LoadedModel) => (index: number) => number;
    relax?: boolean;
    clock?: () => number;
  },
): Promise<RawRun & { timeMs: number; result: T | null }> {
  const clock = options.clock ?? (() => performance.now());
  const pastDeadline = () => ({ ...PAST_DEADLINE_RUN, timeMs: 0, result: null });
  // A run that starts after its deadline would still load the model and run presolve and the
  // 20-ms minimum time limit (70-110 ms on a cold process; with loading HiGHS itself, ~100 ms
  // more): on a 5-student plan with a 200-ms budget that made 300-580 ms. Nothing it could find
  // in that time is wanted any more, so it ends here, before and after loading HiGHS.
  if (clock() >= options.deadline) return pastDeadline();
  const highs = await loadHighs();
  if (clock() >= options.deadline) return pastDeadline();
  const started = performance.now();
  try {
    return highs.withModel(source, (model) => {
      const run = solveLoaded(
        highs,
        model,
        options.deadline,
        options.absoluteGap,
        options.start?.(model),
        options.relax ?? false,
        clock,
      );
      return { ...run, timeMs: performance.now() - started, result: read(model, run) };
    });
  } catch (error) {
    // Solver errors are results, never exceptions, so callers can always fall back.
    return {
      status: 'error',
      colValue: null,
      objective: null,
      dualBound: null,
      detail: error instanceof Error ? error.message : String(error),
      timeMs: performance.now() - started,
      result: null,
    };
  }
}

/**
 * Solves a CPLEX-LP-format MIP with HiGHS by a wall-clock deadline, optionally from a warm
 * start, and returns the incumbent, its objective and the proven dual bound. The call blocks the
 * thread for at most about the limit (HiGHS checks its clock between nodes). Solver errors are
 * returned as `status: 'error'`, never thrown, so callers can always fall back to a heuristic.
 */
export async function runMip(lpText: string, options: MipRunOptions): Promise<MipRun> {
  const outcome = await runSource(
    { format: 'lp', data: lpText },
    (model, run) => ({
      values: run.colValue ? readValues(model, run.colValue) : null,
      rowDuals: options.relax && run.status === 'optimal' ? readRowDuals(model) : null,
    }),
    {
      deadline: options.deadline,
      absoluteGap: options.absoluteGap,
      start: options.start
        ? (model) => (index) => options.start?.get(model.getColName(index)) ?? 0
        : undefined,
      relax: options.relax,
      clock: options.clock,
    },
  );
  const { status, objective, dualBound, timeMs, detail, result } = outcome;
  return {
    status,
    values: result?.values ?? null,
    rowDuals: result?.rowDuals ?? null,
    objective,
    dualBound,
    timeMs,
    detail,
  };
}

/** A model in HiGHS's structured form (columns, rows, sparse matrix), which loads far faster than LP text. */
export type StructuredModel = ModelData;

/** Outcome of {@link runStructuredMip}: like {@link MipRun}, values by column index. */
export interface StructuredMipRun extends Omit<MipRun, 'values'> {
  readonly values: Float64Array | null;
}

/**
 * {@link runMip} for a structured model; the start is given by column index. Loading a structured
 * model skips the text parser, which is what makes models with tens of thousands of rows usable
 * within a 2 s budget.
 */
export async function runStructuredMip(
  model: StructuredModel,
  options: { deadline: number; absoluteGap?: number; start?: Float64Array },
): Promise<StructuredMipRun> {
  const start = options.start;
  const outcome = await runSource(model, () => null, {
    deadline: options.deadline,
    absoluteGap: options.absoluteGap,
    start: start ? () => (index) => start[index] ?? 0 : undefined,
  });
  const { status, colValue, objective, dualBound, timeMs, detail } = outcome;
  return { status, values: colValue, objective, dualBound, timeMs, detail };
}
