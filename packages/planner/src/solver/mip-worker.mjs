// @ts-check
// Worker entry of isolated-mip.ts: solves one HiGHS model and reports every step to the parent,
// so the parent can end the thread at its deadline without losing what was found. Plain
// JavaScript on purpose: a TypeScript entry would need the tsx loader in every new thread, which
// costs more CPU than the solve of a small model. The parent decides the options (presolve by the
// model's rows, known only once it is read); this file only runs the model and translates statuses.
import { parentPort, workerData } from 'node:worker_threads';
import highsLoader from 'highs';

/**
 * @typedef {object} MipJob
 * @property {WebAssembly.Module} wasmModule compiled once by the parent and shared
 * @property {string} lpText the model in CPLEX LP format
 * @property {Record<string, string | number | boolean>} options HiGHS options, set as given
 * @property {number} presolveMaxRows presolve runs on models with at most this many rows
 * @property {Map<string, number> | null} start a feasible start by column name
 */

/** @type {MipJob} */
const job = workerData;
const port = parentPort;
if (!port) throw new Error('mip-worker.mjs runs only as a worker thread');

const highs = await highsLoader({ wasmModule: job.wasmModule });
try {
  highs.withModel({ format: 'lp', data: job.lpText }, (model) => {
    const count = model.getDimensions().numCols;
    const names = Array.from({ length: count }, (_, index) => model.getColName(index));
    port.postMessage({ kind: 'loaded', names });
    const presolve = model.getDimensions().numRows <= job.presolveMaxRows ? 'on' : 'off';
    model.options.set({ ...job.options, presolve });
    if (job.start) {
      const values = new Float64Array(count);
      names.forEach((name, index) => (values[index] = job.start?.get(name) ?? 0));
      model.setSolution({ colValue: values });
    }
    const callbacks = highs.constants.callbackType;
    let lastBound = -Infinity;
    model.run({
      [callbacks.mipImprovingSolution]: (event) => {
        const values = event.data.mip_solution;
        if (values)
          port.postMessage({ kind: 'incumbent', values, objective: event.data.objective_function_value });
        return undefined;
      },
      [callbacks.mipInterrupt]: (event) => {
        const bound = Number(event.data.mip_dual_bound);
        if (Number.isFinite(bound) && bound > lastBound) {
          lastBound = bound;
          port.postMessage({ kind: 'bound', dualBound: bound });
        }
        return undefined;
      },
    });
    const code = model.getModelStatus();
    const statuses = highs.constants.modelStatus;
    const status =
      code === statuses.optimal
        ? 'optimal'
        : code === statuses.infeasible
          ? 'infeasible'
          : code === statuses.timeLimit || code === statuses.interrupted
            ? 'limit'
            : 'error';
    const hasSolution = Number(model.info.get('primal_solution_status')) === 2;
    const bound = Number(model.info.get('mip_dual_bound'));
    port.postMessage({
      kind: 'done',
      status,
      values: hasSolution ? Float64Array.from(model.getSolution().colValue) : null,
      objective: hasSolution ? model.getObjectiveValue() : null,
      dualBound: Number.isFinite(bound) ? bound : null,
      detail: `highs model status ${code}`,
    });
  });
} catch (error) {
  port.postMessage({ kind: 'failed', detail: error instanceof Error ? error.message : String(error) });
}
