import { planCases, type CaseSpec } from '../corpus/cases';
import { spawnTsWorker } from '../pool/spawn-ts-worker';
import { workerEntry } from '../pool/worker-entry';
import type { Thresholds } from '../thresholds';
import { runCase, type CaseOutcome } from './case-outcome';
import { summarize, type EvaluationReport } from './report';

/** Options of `evaluateCorpus`. */
export interface EvaluateOptions {
  cases: number;
  seed: number;
  /** Worker threads rendering and verifying in parallel (1 = in this thread). */
  workers?: number;
  thresholds?: Partial<Thresholds>;
  onProgress?: (done: number, total: number) => void;
}

function runInWorker(
  specs: CaseSpec[],
  thresholds: Partial<Thresholds> | undefined,
  onOne: (o: CaseOutcome) => void,
): Promise<void> {
  const worker = spawnTsWorker(workerEntry(import.meta.url, 'evaluate-worker'), { specs, thresholds });
  return new Promise((resolve, reject) => {
    worker.on('message', (o: CaseOutcome) => onOne(o));
    worker.on('error', reject);
    worker.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`evaluation worker exited with ${code}`)),
    );
  });
}

/**
 * Generates the seeded corpus, verifies every case and summarises the error rates and timings.
 * With `workers > 1` the cases are split over worker threads (rendering dominates the run time);
 * the results do not depend on the number of workers.
 */
export async function evaluateCorpus(
  opts: EvaluateOptions,
): Promise<{ report: EvaluationReport; outcomes: CaseOutcome[] }> {
  const specs = planCases(opts.cases, opts.seed);
  const outcomes: CaseOutcome[] = [];
  const record = (o: CaseOutcome): void => {
    outcomes.push(o);
    opts.onProgress?.(outcomes.length, specs.length);
  };
  const workers = Math.max(1, Math.min(opts.workers ?? 1, specs.length));
  if (workers === 1) {
    for (const spec of specs) record(runCase(spec, opts.thresholds));
  } else {
    const slices = Array.from({ length: workers }, (_, w) => specs.filter((_, i) => i % workers === w));
    await Promise.all(slices.map((slice) => runInWorker(slice, opts.thresholds, record)));
  }
  outcomes.sort((a, b) => a.spec.id.localeCompare(b.spec.id));
  return { report: summarize(outcomes, opts.seed), outcomes };
}
