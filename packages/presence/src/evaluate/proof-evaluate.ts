import { planProofCases, type ProofCaseSpec } from '../corpus/proof-cases';
import { spawnTsWorker } from '../pool/spawn-ts-worker';
import type { ProofThresholds } from '../proof/proof-thresholds';
import { runProofCase, type ProofOutcome } from './proof-outcome';

/** Options of `evaluateProofCorpus`. */
export interface ProofEvaluateOptions {
  cases: number;
  seed: number;
  /** Worker threads rendering and verifying in parallel (1 = in this thread). */
  workers?: number;
  thresholds?: Partial<ProofThresholds>;
  onOutcome?: (outcome: ProofOutcome, done: number, total: number) => void;
}

function runInWorker(
  specs: ProofCaseSpec[],
  thresholds: Partial<ProofThresholds> | undefined,
  onOne: (o: ProofOutcome) => void,
): Promise<void> {
  const worker = spawnTsWorker(new URL('./proof-evaluate-worker.ts', import.meta.url), { specs, thresholds });
  return new Promise((resolve, reject) => {
    worker.on('message', (o: ProofOutcome) => onOne(o));
    worker.on('error', reject);
    worker.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`evaluation worker exited with ${code}`)),
    );
  });
}

/**
 * Generates the seeded v2 corpus and verifies every case; the outcomes do not depend on the
 * number of workers (each case renders from its own seed).
 */
export async function evaluateProofCorpus(opts: ProofEvaluateOptions): Promise<ProofOutcome[]> {
  const specs = planProofCases(opts.cases, opts.seed);
  const outcomes: ProofOutcome[] = [];
  const record = (o: ProofOutcome): void => {
    outcomes.push(o);
    opts.onOutcome?.(o, outcomes.length, specs.length);
  };
  const workers = Math.max(1, Math.min(opts.workers ?? 1, specs.length));
  if (workers === 1) for (const spec of specs) record(runProofCase(spec, opts.thresholds));
  else {
    const slices = Array.from({ length: workers }, (_, w) => specs.filter((_, i) => i % workers === w));
    await Promise.all(slices.map((slice) => runInWorker(slice, opts.thresholds, record)));
  }
  return outcomes.sort((a, b) => a.spec.id.localeCompare(b.spec.id));
}
