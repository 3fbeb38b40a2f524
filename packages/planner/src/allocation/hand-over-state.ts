import { fairLoad, teacherLoads } from './problem';
import type { AllocationProblem, ClassCounts } from './problem';

/** One unit of `unitClass` handed from teacher `from` to teacher `to`. */
export interface HandOver {
  readonly unitClass: number;
  readonly from: number;
  readonly to: number;
}

/**
 * An allocation under change by unit hand-overs, with what prices them kept current: loads, units
 * per teacher and subject (joining and leaving a subject), fair loads. Shared by the cycle and the
 * ejection searches so both price a move exactly as `allocationCost` does.
 */
export class HandOverState {
  readonly loads: number[];
  readonly fair: readonly number[];
  /** Subject index of each class. */
  readonly classSubject: readonly number[];
  /** Units per teacher and subject index. */
  readonly held: number[][];
  readonly subjectCount: number;

  constructor(
    readonly problem: AllocationProblem,
    readonly counts: ClassCounts,
    share: number,
  ) {
    this.loads = teacherLoads(problem, counts);
    this.fair = problem.teachers.map((_, t) => fairLoad(problem, t, share));
    const subjectOf = new Map<string, number>();
    for (const unitClass of problem.classes) {
      if (!subjectOf.has(unitClass.subject)) subjectOf.set(unitClass.subject, subjectOf.size);
    }
    this.subjectCount = subjectOf.size;
    this.classSubject = problem.classes.map((unitClass) => subjectOf.get(unitClass.subject) ?? 0);
    this.held = problem.teachers.map(() => new Array<number>(subjectOf.size).fill(0));
    counts.forEach((row, c) =>
      row.forEach((value, t) => {
        const list = this.held[t];
        const s = this.classSubject[c] ?? 0;
        if (list) list[s] = (list[s] ?? 0) + value;
      }),
    );
  }

  /** Rank cost of one unit of class c with teacher t. */
  rankCost(t: number, c: number): number {
    const unitClass = this.problem.classes[c];
    const rank = this.problem.teachers[t]?.ranks.get(unitClass?.subject ?? '') ?? 1;
    return this.problem.weights.rank * (rank - 1) * (unitClass?.hours ?? 0);
  }

  overload(t: number, load: number): number {
    return this.problem.weights.overload * Math.max(0, load - (this.fair[t] ?? 0));
  }

  room(t: number): number {
    return (this.problem.teachers[t]?.maxHours ?? 0) - (this.loads[t] ?? 0);
  }

  /** The exact cost change of the hand-overs together; Infinity when one breaks a maximum or a count. */
  delta(moves: readonly HandOver[]): number {
    const loadChange = new Map<number, number>();
    const heldChange = new Map<number, number>();
    const key = (t: number, c: number) => t * this.subjectCount + (this.classSubject[c] ?? 0);
    let delta = 0;
    for (const move of moves) {
      const hours = this.problem.classes[move.unitClass]?.hours ?? 0;
      delta += this.rankCost(move.to, move.unitClass) - this.rankCost(move.from, move.unitClass);
      loadChange.set(move.from, (loadChange.get(move.from) ?? 0) - hours);
      loadChange.set(move.to, (loadChange.get(move.to) ?? 0) + hours);
      heldChange.set(
        key(move.from, move.unitClass),
        (heldChange.get(key(move.from, move.unitClass)) ?? 0) - 1,
      );
      heldChange.set(key(move.to, move.unitClass), (heldChange.get(key(move.to, move.unitClass)) ?? 0) + 1);
    }
    for (const [t, change] of loadChange) {
      const load = this.loads[t] ?? 0;
      if (load + change > (this.problem.teachers[t]?.maxHours ?? 0) + 1e-9) return Infinity;
      delta += this.overload(t, load + change) - this.overload(t, load);
    }
    for (const [index, change] of heldChange) {
      const t = Math.floor(index / this.subjectCount);
      const before = this.held[t]?.[index % this.subjectCount] ?? 0;
      if (before + change < 0) return Infinity;
      delta += this.problem.weights.teacherPerSubject * (Number(before + change > 0) - Number(before > 0));
    }
    return delta;
  }

  apply(moves: readonly HandOver[]): void {
    for (const move of moves) {
      const row = this.counts[move.unitClass] as number[];
      const hours = this.problem.classes[move.unitClass]?.hours ?? 0;
      const s = this.classSubject[move.unitClass] ?? 0;
      row[move.from] = (row[move.from] ?? 0) - 1;
      row[move.to] = (row[move.to] ?? 0) + 1;
      this.loads[move.from] = (this.loads[move.from] ?? 0) - hours;
      this.loads[move.to] = (this.loads[move.to] ?? 0) + hours;
      (this.held[move.from] as number[])[s] = (this.held[move.from]?.[s] ?? 0) - 1;
      (this.held[move.to] as number[])[s] = (this.held[move.to]?.[s] ?? 0) + 1;
    }
  }
}
