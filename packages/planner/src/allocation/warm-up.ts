import { allocateLoad } from './allocate-load';
import { runMip, type MipRun } from '../solver/highs-runner';
import { runIsolatedMip, workerStopMs } from '../solver/isolated-mip';
import { allocationStart, buildAllocationModel } from './exact-model';
import { greedyAllocation } from './greedy';
import { buildAllocationProblem, coveredHours, fairShare } from './problem';
import type { PlannerTeacher, TeachingUnit } from './types';

/**
 * Size of the warm-up instance (240 units, 60 teachers). At 12 subjects × 3 divisions × 30 teachers
 * the first 150-teacher call after the solver runs alone still got 1,098-1,101 (warm: 1,018).
 */
const WARM_UP_SUBJECTS = 20;
const WARM_UP_DIVISIONS = 4;
const WARM_UP_TEACHERS = 60;
/** Limits of the two solver runs: the LP ends well within its own; the MIP may use all of its. */
const WARM_UP_LP_MS = 1000;
const WARM_UP_MIP_MS = 300;
/** Budget of the allocation call that warms the JavaScript side (rounding, cycles, ejections). */
const WARM_UP_ALLOCATION_MS = 600;
/** Workers started and ended at the end of the warm-up, and the limit of each one's MIP. */
const WARM_UP_WORKERS = 3;
const WARM_UP_WORKER_MS = 100;

/** What a warm-up did: how each HiGHS run ended and how long the whole took. */
export interface WarmUpReport {
  /** Status of the LP relaxation run (`optimal` when the simplex finished). */
  readonly lp: MipRun['status'];
  /** Status of the MIP run (`optimal` or `limit`: branch and bound ran). */
  readonly mip: MipRun['status'];
  /** The steps of the warm-up allocation call (its result's `method`). */
  readonly method: string;
  /** What a worker's end may cost after the warm-up (isolated-mip.ts's `workerStopMs`). */
  readonly workerStopMs: number;
  readonly timeMs: number;
}

/**
 * A fixed, small allocation instance shaped like a real term: theory per division and practical
 * batches, teachers ranking a few subjects each (560 h against 899 h of capacity).
 */
export function warmUpInstance(
  subjects = WARM_UP_SUBJECTS,
  divisions = WARM_UP_DIVISIONS,
  teacherCount = WARM_UP_TEACHERS,
): { units: TeachingUnit[]; teachers: PlannerTeacher[] } {
  const units: TeachingUnit[] = [];
  for (let s = 0; s < subjects; s += 1) {
    for (let d = 0; d < divisions; d += 1) {
      const division = String.fromCharCode(65 + d);
      const subject = `s${s}`;
      units.push({
        id: `${subject}/${division}/theory`,
        subject,
        kind: 'theory',
        division,
        batch: null,
        hours: 3,
      });
      for (const batch of [1, 2]) {
        units.push({
          id: `${subject}/${division}/${division}${batch}/practical`,
          subject,
          kind: 'practical',
          division,
          batch: `${division}${batch}`,
          hours: 2,
        });
      }
    }
  }
  const teachers = Array.from({ length: teacherCount }, (_, t) => ({
    slug: `t${t}`,
    // Overlapping rankings so teachers compete for subjects and the cost phase has work to do.
    priorities: [...new Set([t % subjects, (t * 5 + 1) % subjects, (t * 7 + 3) % subjects])].map(
      (s) => `s${s}`,
    ),
    maxHours: 12 + ((t * 3) % 7),
  }));
  return { units, teachers };
}

/**
 * Solves a small allocation's cost model twice with HiGHS, as the cost phase does (its LP
 * relaxation with row duals, then the MIP from the greedy start), then allocates it, so that the first real call of a
 * process does not pay for the solver's start. HiGHS is WebAssembly: its first solves in a process
 * run unoptimised code while V8 compiles and optimises it (the first 150-teacher LP cost ~635 ms of
 * CPU against 78-166 ms warm), and the cost phase then falls back to a weaker plan. Meant for a
 * worker that will run allocation calls, right after it starts (decision allocation-0006). Then
 * ends three short runs of the MIP in worker threads, so the cost phase's worker (allocation-0009)
 * fits its first calls.
 */
export async function warmUpAllocation(
  instance: { units: TeachingUnit[]; teachers: PlannerTeacher[] } = warmUpInstance(),
): Promise<WarmUpReport> {
  const clock = () => performance.now();
  const started = clock();
  const problem = buildAllocationProblem(instance);
  const counts = greedyAllocation(problem);
  const covered = coveredHours(problem, counts);
  const share = fairShare(problem, covered);
  const model = buildAllocationModel(problem, { kind: 'cost', minCovered: covered, share });
  const lp = await runMip(model.text, { deadline: clock() + WARM_UP_LP_MS, relax: true, clock });
  const mip = await runMip(model.text, {
    deadline: clock() + WARM_UP_MIP_MS,
    start: allocationStart(problem, counts, share),
    absoluteGap: 0.999,
    clock,
  });
  // The solver alone is not enough: the cost phase's own searches are JavaScript that V8 optimises
  // on use too (after the two runs above, the first 150-teacher call got 1,065-1,071; after this
  // call as well, 1,018-1,038, as warm). A call on the same instance runs them.
  const allocation = await allocateLoad({ ...instance, timeBudgetMs: WARM_UP_ALLOCATION_MS });
  // The first worker threads of a process take 100-500 ms of CPU to end (isolated-mip.ts), so until
  // a few have ended the cost phase keeps that much of its budget for a worker's end, and at 1 s runs
  // none. Short runs of the MIP in workers here pay for that once.
  for (let run = 0; run < WARM_UP_WORKERS; run += 1) {
    await runIsolatedMip(model.text, {
      deadline: clock() + WARM_UP_WORKER_MS,
      start: allocationStart(problem, counts, share),
      absoluteGap: 0.999,
      clock,
    });
  }
  return {
    lp: lp.status,
    mip: mip.status,
    method: allocation.method,
    workerStopMs: workerStopMs(),
    timeMs: clock() - started,
  };
}
