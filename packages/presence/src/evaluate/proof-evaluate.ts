import { planProofCasesByClass, type ProofCaseClass, type ProofCaseSpec } from '../corpus/proof-cases';
import { spawnTsWorker } from '../pool/spawn-ts-worker';
import type { ProofThresholds } from '../proof/proof-thresholds';
import { runProofCase, type ProofOutcome } from './proof-outcome';

/** Options of `evaluateProofCorpus`. */
export interface ProofEvaluateOptions {
  /** Cases of each class. */
  perClass: number;
  seed: number;
  /** Classes to run (a shard); default all. */
  classes?: readonly ProofCaseClass[];
  /** Cases already done (`caseKey`), skipped: resuming a run. */
  skip?: ReadonlySet<string>;
  /** Worker threads rendering and verifying in parallel (1 = in this thread). */
  workers?: number;
  thresholds?: Partial<ProofThresholds>;
  onOutcome?: (outcome: ProofOutcome, done: number, total: number) => void;
}

/** Identifies a case across runs and shards (its id and its own seed, which derives from the run's seed). */
export const caseKey = (spec: Pick<ProofCaseSpec, 'id' | 'seed'>): string => `${spec.id}:${spec.seed}`;

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

/** One case of each class in turn, so that a run stopped early has about as many of each. */
function roundRobin(specs: ProofCaseSpec[]): ProofCaseSpec[] {
  const byClass = new Map<string, ProofCaseSpec[]>();
  for (const s of specs) byClass.set(s.cls, [...(byClass.get(s.cls) ?? []), s]);
  const lists = [...byClass.values()];
  const out: ProofCaseSpec[] = [];
  for (let i = 0; out.length < specs.length; i++) for (const l of lists) if (i < l.length) out.push(l[i]!);
  return out;
}

/**
 * Generates the seeded v2 corpus (`perClass` cases of each class) and verifies every case not
 * skipped; the outcomes do not depend on the number of workers or on the other classes run (each
 * case renders from its own seed).
 */
export async function evaluateProofCorpus(opts: ProofEvaluateOptions): Promise<ProofOutcome[]> {
  const specs = roundRobin(planProofCasesByClass(opts.perClass, opts.seed, opts.classes)).filter(
    (s) => !opts.skip?.has(caseKey(s)),
  );
  const outcomes: ProofOutcome[] = [];
  const record = (o: ProofOutcome): void => {
    outcomes.push(o);
    opts.onOutcome?.(o, outcomes.length, specs.length);
  };
  const workers = Math.max(1, Math.min(opts.workers ?? 1, specs.length));
  if (specs.length === 0) return outcomes;
  if (workers === 1) {
    for (const spec of specs) {
      record(runProofCase(spec, opts.thresholds));
      // Let the caller's file writes run between cases: a stopped run keeps what it did.
      await new Promise((resolve) => setImmediate(resolve));
    }
  } else {
    // Interleaved slices: every worker gets a share of every class, so a stopped run is balanced.
    const slices = Array.from({ length: workers }, (_, w) => specs.filter((_, i) => i % workers === w));
    await Promise.all(slices.map((slice) => runInWorker(slice, opts.thresholds, record)));
  }
  return outcomes.sort((a, b) => a.spec.id.localeCompare(b.spec.id));
}
