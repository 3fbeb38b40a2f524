import { buildProblem } from './src/divisions/problem';
import { heuristicAssignment } from './src/divisions/heuristic';
import { scoreAssignment } from './src/divisions/evaluate';
import { priceAndBranch } from './src/divisions/columns/price-and-branch';
import { generateInstance } from './src/testing/instances';
const instance = generateInstance({ students: 150, categories: 4, minOptions: 2, maxOptions: 3, trackAffinity: 0.6, seed: 31 });
const problem = buildProblem(instance.subjects, instance.students, 50);
const start = heuristicAssignment(problem);
const t = performance.now();
const r = await priceAndBranch(problem, start, t + 30000);
console.log(problem.groups.length, scoreAssignment(problem, start).teachingHours, scoreAssignment(problem, r.counts).teachingHours, r.electiveBound + problem.coreHoursPerDivision * problem.divisionCount, r.detail, Math.round(performance.now() - t));
const { generateColumns } = await import('./src/divisions/columns/column-generation');
const { solveTypeMaster } = await import('./src/divisions/columns/type-master');
const { heuristicWindow, improveAssignment } = await import('./src/divisions/heuristic');
for (let i = 0; i < 2; i++) {
  let t0 = performance.now();
  const cg = await generateColumns(problem, start, { deadline: t0 + 10000, integral: true, stopAtBound: scoreAssignment(problem, start).teachingHours - problem.coreHoursPerDivision * problem.divisionCount });
  console.log('cg', Math.round(performance.now() - t0), cg.types.length, cg.lowerBound, JSON.stringify(cg.types).length);
  t0 = performance.now();
  const m = await solveTypeMaster(problem, cg.types, heuristicWindow(problem), start, t0 + 20000);
  console.log('mip', Math.round(performance.now() - t0), m.status, JSON.stringify(m.counts).slice(0, 80));
  t0 = performance.now();
  const pol = improveAssignment(problem, m.counts!, heuristicWindow(problem), {});
  console.log('pol', Math.round(performance.now() - t0), scoreAssignment(problem, pol).teachingHours, JSON.stringify(pol).length, JSON.stringify(pol).split('').reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 0));
}
