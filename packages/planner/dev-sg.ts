import { buildProblem } from './src/divisions/problem';
import { heuristicAssignment } from './src/divisions/heuristic';
import { scoreAssignment } from './src/divisions/evaluate';
import { priceDivisionPattern } from './src/divisions/columns/pricing';
import { generateInstance } from './src/testing/instances';
const [students, categories, max, affinity, budget, theta0] = process.argv.slice(2).map(Number) as number[];
const inst = generateInstance({ students, categories, minOptions: 2, maxOptions: 5, seed: 7, trackAffinity: affinity });
const problem = buildProblem(inst.subjects, inst.students, max);
const counts = heuristicAssignment(problem, { maxMoves: 200000 });
const core = problem.coreHoursPerDivision * problem.divisionCount;
const ub = scoreAssignment(problem, counts).teachingHours - core;
const G = problem.groups.length, D = problem.divisionCount;
const sizes = problem.groups.map(g => g.size);
let pi = Float64Array.from(problem.groups, (_, g) => (problem.groupElectives[g] ?? []).reduce((s, e) => s + (problem.electiveHours[e] ?? 0), 0) / problem.sizeHigh);
let best = -Infinity; let theta = theta0; let since = 0;
const t0 = performance.now();
for (let it = 0; performance.now() - t0 < budget; it++) {
  const pr = priceDivisionPattern(problem, pi, { threshold: Infinity, nodeLimit: 50000, maxPatterns: 1, sizeLow: problem.sizeLow, sizeHigh: problem.sizeHigh });
  let L = -D * pr.upperBound; pi.forEach((p, g) => L += p * sizes[g]!);
  // best pattern: recompute via threshold -inf
  const pr2 = priceDivisionPattern(problem, pi, { threshold: -Infinity, nodeLimit: 50000, maxPatterns: 1, sizeLow: problem.sizeLow, sizeHigh: problem.sizeHigh });
  const a = new Float64Array(G); const p = pr2.patterns[0]; if (p) p.groups.forEach((g, i) => a[g] = p.amounts[i]!);
  if (L > best + 1e-6) { best = L; since = 0; } else if (++since > 10) { theta /= 2; since = 0; }
  const grad = Float64Array.from(sizes, (n, g) => n - D * a[g]!);
  const norm = grad.reduce((s, x) => s + x * x, 0);
  const step = theta * (ub - L) / norm;
  pi = pi.map((v, g) => v + step * grad[g]!);
  if (it % 5 === 0) console.log(it, Math.round(performance.now() - t0), 'L', L.toFixed(1), 'best', Math.ceil(best - 1e-6) + core, 'ub', ub + core, pr.complete, pr.nodes, 'theta', theta);
}
