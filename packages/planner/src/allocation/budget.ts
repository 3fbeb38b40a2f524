/** A clock in ms; `performance.now` unless a caller (a test, the CPU-time bench) injects another. */
export type Clock = () => number;

/** Share of the budget kept for turning the result into units and the report. */
export const WRAP_UP_SHARE = 0.08;

/**
 * HiGHS's MIP does not look at its interrupt callbacks during its root work (presolve, the root
 * cut loop, the first sub-MIP heuristics): with the deadline falling in it, a 1 s call at 80 teachers
 * ran to 1.5 s of CPU. Measured on the bench machine, in CPU ms: the longest stretch without a
 * callback was 650-800 ms on the 8k-nonzero cost model (80 teachers) and 900-1,100 ms on the
 * 15k-nonzero one (150 teachers). A MIP is only started when at least this much time is left, so
 * its deadline falls after that stretch, where the node loop checks the clock.
 */
export const MIP_ROOT_STALL_MS = 700;
export const MIP_ROOT_STALL_MS_PER_NONZERO = 0.05;

/** The time one `allocateLoad` call may spend, and how it is shared between the phases. */
export class TimeBudget {
  readonly started: number;
  /** The phases end here; the wrap-up share stays for building the result. */
  readonly end: number;

  constructor(
    budgetMs: number,
    readonly now: Clock = () => performance.now(),
  ) {
    this.started = now();
    this.end = this.started + budgetMs * (1 - WRAP_UP_SHARE);
  }

  /** Time left for the phases (never negative). */
  left(): number {
    return Math.max(0, this.end - this.now());
  }

  /** The deadline of a phase that may use `share` of the time left. */
  until(share: number): number {
    return this.now() + this.left() * share;
  }

  /** Whether a MIP of this size can pass its root work before the phases end (see MIP_ROOT_STALL_MS). */
  fitsMip(nonzeros: number): boolean {
    return this.left() >= MIP_ROOT_STALL_MS + MIP_ROOT_STALL_MS_PER_NONZERO * nonzeros;
  }

  /** Time since the call started. */
  elapsed(): number {
    return this.now() - this.started;
  }
}
