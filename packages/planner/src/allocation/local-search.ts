import { fairLoad, teacherLoads } from './problem';
import type { AllocationProblem, ClassCounts } from './problem';

/**
 * Lowers the secondary cost of an allocation without changing its coverage: repeatedly moves
 * single units of a class from one teacher to another eligible teacher with room whenever that
 * lowers rank cost + teacher-per-subject cost + overload (first improvement, deterministic order),
 * until no move helps, `maxMoves` evaluations are spent or `deadline` (a `now()` time)
 * passes; the exchange pass looks at the clock once per class. Mutates and returns `counts`.
 */
export function improveAllocation(
  problem: AllocationProblem,
  counts: ClassCounts,
  share: number,
  maxMoves = 2_000_000,
  deadline = Infinity,
  now: () => number = () => performance.now(),
): ClassCounts {
  const loads = teacherLoads(problem, counts);
  const targets = problem.teachers.map((_, t) => fairLoad(problem, t, share));
  // Units each teacher holds per subject, to know when a teacher joins or leaves a subject.
  const perSubject = problem.teachers.map(() => new Map<string, number>());
  counts.forEach((row, c) =>
    row.forEach((value, t) => {
      const subject = problem.classes[c]?.subject ?? '';
      const map = perSubject[t];
      if (map && value > 0) map.set(subject, (map.get(subject) ?? 0) + value);
    }),
  );
  const { weights } = problem;
  const overload = (t: number, load: number) => weights.overload * Math.max(0, load - (targets[t] ?? 0));
  const classesOf = new Map<string, number[]>();
  problem.classes.forEach((unitClass, c) => {
    const list = classesOf.get(unitClass.subject) ?? [];
    list.push(c);
    classesOf.set(unitClass.subject, list);
  });
  const eligibleSets = problem.eligible.map((list) => new Set(list));
  // Compound move: teacher `from` hands all their units of one subject to `to` in one step. The
  // single-unit moves below never see it pay off: the subject's pair cost only drops when the
  // last unit leaves.
  const handOverPass = (): boolean => {
    let changed = false;
    for (const [subject, classes] of classesOf) {
      for (let from = 0; from < problem.teachers.length; from += 1) {
        if ((perSubject[from]?.get(subject) ?? 0) === 0) continue;
        const hours = classes.reduce(
          (sum, c) => sum + (counts[c]?.[from] ?? 0) * (problem.classes[c]?.hours ?? 0),
          0,
        );
        const fromTeacher = problem.teachers[from];
        let bestTo = -1;
        let bestDelta = -1e-9;
        for (const to of problem.eligible[classes[0] ?? 0] ?? []) {
          moves += 1;
          const toTeacher = problem.teachers[to];
          if (to === from || !toTeacher || !fromTeacher) continue;
          if ((loads[to] ?? 0) + hours > toTeacher.maxHours) continue;
          if (!classes.every((c) => (counts[c]?.[from] ?? 0) === 0 || eligibleSets[c]?.has(to))) continue;
          const rankDelta =
            weights.rank *
            hours *
            ((toTeacher.ranks.get(subject) ?? 1) - (fromTeacher.ranks.get(subject) ?? 1));
          const pairDelta = weights.teacherPerSubject * ((perSubject[to]?.get(subject) ?? 0) === 0 ? 0 : -1);
          const loadDelta =
            overload(from, (loads[from] ?? 0) - hours) -
            overload(from, loads[from] ?? 0) +
            overload(to, (loads[to] ?? 0) + hours) -
            overload(to, loads[to] ?? 0);
          const delta = rankDelta + pairDelta + loadDelta;
          if (delta < bestDelta) {
            bestDelta = delta;
            bestTo = to;
          }
        }
        if (bestTo < 0) continue;
        let units = 0;
        for (const c of classes) {
          const row = counts[c];
          const amount = row?.[from] ?? 0;
          if (!row || amount === 0) continue;
          row[from] = 0;
          row[bestTo] = (row[bestTo] ?? 0) + amount;
          units += amount;
        }
        loads[from] = (loads[from] ?? 0) - hours;
        loads[bestTo] = (loads[bestTo] ?? 0) + hours;
        perSubject[from]?.set(subject, 0);
        perSubject[bestTo]?.set(subject, (perSubject[bestTo]?.get(subject) ?? 0) + units);
        changed = true;
      }
    }
    return changed;
  };
  const pairChange = (t: number, subject: string, delta: number) => {
    const held = perSubject[t]?.get(subject) ?? 0;
    if (held === 0 && delta > 0) return 1;
    return held + delta === 0 ? -1 : 0;
  };
  // Exchange: `a` gives one unit of class c to `b`, `b` gives one unit of class d to `a`. With
  // nearly all capacity in use, single moves find no room; exchanges trade ranks between two
  // teachers whose loads barely change.
  const swapPass = (): boolean => {
    let changed = false;
    problem.classes.forEach((first, c) => {
      if (moves >= maxMoves || now() >= deadline) return;
      for (const a of problem.eligible[c] ?? []) {
        for (const b of problem.eligible[c] ?? []) {
          if (a === b || (counts[c]?.[a] ?? 0) === 0) continue;
          const teacherA = problem.teachers[a];
          const teacherB = problem.teachers[b];
          if (!teacherA || !teacherB) continue;
          const rankGain =
            first.hours *
            ((teacherB.ranks.get(first.subject) ?? 1) - (teacherA.ranks.get(first.subject) ?? 1));
          for (let d = 0; d < problem.classes.length; d += 1) {
            moves += 1;
            const second = problem.classes[d];
            if (!second || d === c || (counts[d]?.[b] ?? 0) === 0 || !eligibleSets[d]?.has(a)) continue;
            const loadA = (loads[a] ?? 0) - first.hours + second.hours;
            const loadB = (loads[b] ?? 0) + first.hours - second.hours;
            if (loadA > teacherA.maxHours || loadB > teacherB.maxHours) continue;
            const rankDelta =
              weights.rank *
              (rankGain +
                second.hours *
                  ((teacherA.ranks.get(second.subject) ?? 1) - (teacherB.ranks.get(second.subject) ?? 1)));
            if (rankDelta >= 0 && second.subject !== first.subject) continue;
            const same = first.subject === second.subject;
            const pairDelta = same
              ? 0
              : weights.teacherPerSubject *
                (pairChange(a, first.subject, -1) +
                  pairChange(b, first.subject, 1) +
                  pairChange(b, second.subject, -1) +
                  pairChange(a, second.subject, 1));
            const loadDelta =
              overload(a, loadA) -
              overload(a, loads[a] ?? 0) +
              overload(b, loadB) -
              overload(b, loads[b] ?? 0);
            if (rankDelta + pairDelta + loadDelta >= -1e-9) continue;
            const rowC = counts[c] as number[];
            const rowD = counts[d] as number[];
            rowC[a] = (rowC[a] ?? 0) - 1;
            rowC[b] = (rowC[b] ?? 0) + 1;
            rowD[b] = (rowD[b] ?? 0) - 1;
            rowD[a] = (rowD[a] ?? 0) + 1;
            loads[a] = loadA;
            loads[b] = loadB;
            perSubject[a]?.set(first.subject, (perSubject[a]?.get(first.subject) ?? 0) - 1);
            perSubject[b]?.set(first.subject, (perSubject[b]?.get(first.subject) ?? 0) + 1);
            perSubject[b]?.set(second.subject, (perSubject[b]?.get(second.subject) ?? 0) - 1);
            perSubject[a]?.set(second.subject, (perSubject[a]?.get(second.subject) ?? 0) + 1);
            changed = true;
            if ((counts[c]?.[a] ?? 0) === 0) break;
          }
        }
      }
    });
    return changed;
  };
  let moves = 0;
  let improved = true;
  while (improved && moves < maxMoves && now() < deadline) {
    improved = handOverPass();
    improved = swapPass() || improved;
    problem.classes.forEach((unitClass, c) => {
      const row = counts[c];
      if (!row) return;
      const eligible = problem.eligible[c] ?? [];
      for (const from of eligible) {
        if ((row[from] ?? 0) === 0) continue;
        for (const to of eligible) {
          if (to === from || (row[from] ?? 0) === 0) continue;
          moves += 1;
          const hours = unitClass.hours;
          const toTeacher = problem.teachers[to];
          const fromTeacher = problem.teachers[from];
          if (!toTeacher || !fromTeacher || (loads[to] ?? 0) + hours > toTeacher.maxHours) continue;
          const rankDelta =
            weights.rank *
            hours *
            ((toTeacher.ranks.get(unitClass.subject) ?? 1) - (fromTeacher.ranks.get(unitClass.subject) ?? 1));
          const leaves = (perSubject[from]?.get(unitClass.subject) ?? 0) === 1 ? -1 : 0;
          const joins = (perSubject[to]?.get(unitClass.subject) ?? 0) === 0 ? 1 : 0;
          const pairDelta = weights.teacherPerSubject * (leaves + joins);
          const loadDelta =
            overload(from, (loads[from] ?? 0) - hours) -
            overload(from, loads[from] ?? 0) +
            overload(to, (loads[to] ?? 0) + hours) -
            overload(to, loads[to] ?? 0);
          if (rankDelta + pairDelta + loadDelta >= -1e-9) continue;
          row[from] = (row[from] ?? 0) - 1;
          row[to] = (row[to] ?? 0) + 1;
          loads[from] = (loads[from] ?? 0) - hours;
          loads[to] = (loads[to] ?? 0) + hours;
          perSubject[from]?.set(unitClass.subject, (perSubject[from]?.get(unitClass.subject) ?? 0) - 1);
          perSubject[to]?.set(unitClass.subject, (perSubject[to]?.get(unitClass.subject) ?? 0) + 1);
          improved = true;
        }
      }
    });
  }
  return counts;
}
