import type { BatchPolicy, PlannerStudent, PlannerSubject } from '../model';

/** Input of {@link planDivisions}. */
export interface DivisionPlanInput {
  readonly subjects: readonly PlannerSubject[];
  readonly students: readonly PlannerStudent[];
  /** The admin's maximum division size ("max_students"). */
  readonly maxDivisionSize: number;
  readonly batchPolicy?: BatchPolicy;
  /** Total time for heuristic and solver (default 2000 ms). */
  readonly timeBudgetMs?: number;
  /** Names for the divisions in order (default A, B, C, …). */
  readonly divisionNames?: readonly string[];
  /** Division sizes may differ by at most this share of the largest balanced size (default 0.1). */
  readonly balanceTolerance?: number;
  /**
   * `false` skips the solver: the deterministic greedy + local search plan with the combinatorial
   * lower bound, for a fallback that must not risk the solver (default true).
   */
  readonly exact?: boolean;
}

/** Some or all students of one choice group placed in a division. */
export interface DivisionPart {
  readonly groupKey: string;
  readonly electives: readonly string[];
  readonly students: readonly string[];
}

/** A lab batch: `kind: 'core'` batches (A1, A2) hold the whole division, elective batches (ML1) a subject's students. */
export interface PlannedBatch {
  readonly name: string;
  readonly kind: 'core' | 'elective';
  /** The elective subject slug for elective batches, null for core batches. */
  readonly subject: string | null;
  readonly students: readonly string[];
}

/** One division of a plan. */
export interface PlannedDivision {
  readonly name: string;
  readonly size: number;
  /** Student slugs in enrolment order. */
  readonly students: readonly string[];
  readonly parts: readonly DivisionPart[];
  readonly batches: readonly PlannedBatch[];
}

/**
 * One line of the hours overview. For a subject taught in k divisions over b lab batches:
 * final theory = L·k, final tutorial = T·k, final practical = P·b, where b counts the subject's
 * own elective batches in divisions that have them and the division's core batches elsewhere.
 */
export interface HoursRow {
  readonly subject: string;
  readonly subjectName: string;
  readonly elective: boolean;
  readonly totalDivisions: number;
  readonly labBatches: number;
  readonly initialTheory: number;
  readonly initialTutorial: number;
  readonly initialPractical: number;
  readonly finalTheory: number;
  readonly finalTutorial: number;
  readonly finalPractical: number;
  readonly finalTotal: number;
}

/** The objective values of a plan, most important first. */
export interface PlanObjective {
  readonly divisions: number;
  /** Σ_s k_s · (L_s + T_s + P_s) over all subjects (core subjects count in every division). */
  readonly teachingHours: number;
  readonly sizeSpread: number;
  readonly groupSplits: number;
}

/** A complete division plan. */
export interface DivisionPlan {
  readonly divisions: readonly PlannedDivision[];
  readonly hours: readonly HoursRow[];
  readonly objective: PlanObjective;
  /** Proven lower bound on teachingHours for this number of divisions and balance tolerance. */
  readonly lowerBound: number;
  /** (teachingHours − lowerBound) / teachingHours; 0 when proven optimal. */
  readonly gap: number;
  readonly optimal: boolean;
  readonly timeMs: number;
  /** How the plan was found: `mip`, `mip-time-limit`, `heuristic`, `manual`, `empty`. */
  readonly method: string;
  /** The largest allowed difference between two division sizes. */
  readonly spreadLimit: number;
}
