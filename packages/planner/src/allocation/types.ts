/** Theory and tutorials are taught per division, practicals per lab batch in 2-hour blocks. */
export type UnitKind = 'theory' | 'tutorial' | 'practical';

/** An indivisible piece of weekly teaching that one teacher takes. */
export interface TeachingUnit {
  readonly id: string;
  readonly subject: string;
  readonly kind: UnitKind;
  readonly division: string;
  /** The lab batch for practicals, null otherwise. */
  readonly batch: string | null;
  readonly hours: number;
}

/** A teacher with their saved subject priorities (rank 1 = most wanted) and weekly limit. */
export interface PlannerTeacher {
  readonly slug: string;
  /** Subject slugs, most wanted first. */
  readonly priorities: readonly string[];
  /** Weekly maximum hours; defaults to the input's `defaultMaxHours`. */
  readonly maxHours?: number;
  /** Used only to order otherwise equal choices (higher first). */
  readonly seniority?: number;
}

/** Weights of the secondary objective (coverage always comes first). */
export interface AllocationWeights {
  /** Cost per hour per rank step below rank 1 (default 1). */
  readonly rank?: number;
  /** Cost per teacher teaching a subject, to keep subjects with few teachers (default 2). */
  readonly teacherPerSubject?: number;
  /** Cost per hour a teacher is loaded above the fair share of their maximum (default 1). */
  readonly overload?: number;
}

/** Input of `allocateLoad`. */
export interface AllocationInput {
  readonly units: readonly TeachingUnit[];
  readonly teachers: readonly PlannerTeacher[];
  /** Weekly maximum for teachers without their own (default 18). */
  readonly defaultMaxHours?: number;
  /** Total time for both solver phases (default 2000 ms). */
  readonly timeBudgetMs?: number;
  readonly weights?: AllocationWeights;
  /** Let teachers take subjects they did not rank, at rank (their last rank + 1). Default false. */
  readonly allowUnranked?: boolean;
  /**
   * false: skip the MIP phases and return the deterministic greedy with local search (fast and
   * never stuck in the solver; for a fallback when the exact run could not finish). Default true.
   */
  readonly exact?: boolean;
}

/** Hours of one unit given to one teacher (allocateLoad always gives whole units). */
export interface UnitAssignment {
  readonly unit: string;
  readonly teacher: string;
  readonly hours: number;
}

/** A teacher's allocated load. */
export interface TeacherLoad {
  readonly teacher: string;
  readonly maxHours: number;
  readonly theory: number;
  readonly tutorial: number;
  readonly practical: number;
  readonly total: number;
  readonly hoursLeft: number;
  /** Hours per subject slug and kind. */
  readonly subjects: readonly { subject: string; kind: UnitKind; hours: number; rank: number | null }[];
  /**
   * The teacher's fair share of the covered hours: the fair utilisation (covered hours over the
   * capacity of teachers who can teach something) times their maximum, to 0.1 h; 0 for a teacher
   * who can teach none of these subjects.
   */
  readonly fairHours: number;
  /** Load minus the fair share, to 0.1 h: above 0 the teacher carries more than their share. */
  readonly deviation: number;
  /** Distinct subjects taught minus one: how often the teacher switches subject in a week at least. */
  readonly subjectSwitches: number;
}

/** Allocation of one kind of one subject (maps onto `teacher_allocation.theory|lab|tutorial|practical`). */
export interface SubjectAllocation {
  readonly subject: string;
  readonly kind: UnitKind;
  readonly totalHours: number;
  readonly allocatedHours: number;
  readonly remainingHours: number;
  readonly teachers: readonly { teacher: string; hours: number }[];
}

/** Quality figures of an allocation. */
export interface AllocationReport {
  readonly totalHours: number;
  readonly coveredHours: number;
  readonly coverage: number;
  /** Share of covered hours taught at each rank (rank null = not ranked by the teacher). */
  readonly rankShare: readonly { rank: number | null; hours: number; share: number }[];
  readonly load: { min: number; max: number; spread: number; mean: number; stdDev: number };
  /** Average number of teachers per (subject, kind) with allocated hours. */
  readonly teachersPerSubject: number;
  /** Over the teachers who share the hours: deviation from the fair share, mean and largest in size. */
  readonly deviation: { meanAbs: number; maxAbs: number };
  /** Over the same teachers: subject switches, mean and largest. */
  readonly subjectSwitches: { mean: number; max: number };
}

/** Result of `allocateLoad`. */
export interface AllocationResult {
  readonly assignments: readonly UnitAssignment[];
  readonly unallocated: readonly string[];
  readonly teachers: readonly TeacherLoad[];
  readonly subjects: readonly SubjectAllocation[];
  readonly report: AllocationReport;
  /** Proven upper bound on coverable hours. */
  readonly coverageBound: number;
  /** Whether coverage is proven maximal and the secondary cost proven minimal. */
  readonly optimal: boolean;
  /** Relative gap of the secondary cost, (cost − lowerBound) / cost (0 when proven). */
  readonly gap: number;
  /** The secondary cost (see AllocationWeights) of this allocation. */
  readonly cost: number;
  /** A proven lower bound on the secondary cost at this coverage (the cost itself when proven minimal). */
  readonly lowerBound: number;
  readonly timeMs: number;
  readonly method: string;
}
