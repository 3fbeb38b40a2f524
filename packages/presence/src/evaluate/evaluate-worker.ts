// Worker entry for parallel evaluation: renders and verifies the cases it is sent.
import { parentPort, workerData } from 'node:worker_threads';
import type { CaseSpec } from '../corpus/cases';
import type { Thresholds } from '../thresholds';
import { runCase } from './case-outcome';

const { specs, thresholds } = workerData as { specs: CaseSpec[]; thresholds?: Partial<Thresholds> };
for (const spec of specs) parentPort!.postMessage(runCase(spec, thresholds));
