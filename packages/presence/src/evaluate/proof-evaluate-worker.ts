// Worker entry for the parallel v2 evaluation: renders and verifies the cases it is sent.
import { parentPort, workerData } from 'node:worker_threads';
import type { ProofCaseSpec } from '../corpus/proof-cases';
import type { ProofThresholds } from '../proof/proof-thresholds';
import { runProofCase } from './proof-outcome';

const { specs, thresholds } = workerData as { specs: ProofCaseSpec[]; thresholds?: Partial<ProofThresholds> };
for (const spec of specs) parentPort!.postMessage(runProofCase(spec, thresholds));
