import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createPlannerRunner } from '../../lib/planner-worker/planner-runner';
import { usePlannerRunner } from '../../testing/planner-runner';
import { useTestApp } from '../../testing/test-app';
import { planSuggestion } from './plan-suggestion';
import { loadPlanningRoster } from './planning-roster';
import { buildDivisionsWorld } from './testing/divisions-fixture';

describe('planSuggestion', () => {
  const t = useTestApp();
  const plannerRunner = usePlannerRunner();

  const placed = (plan: Awaited<ReturnType<typeof planSuggestion>>) =>
    plan.divisions.flatMap((d) => d.students).sort();

  it('plans in the planner worker, optimally on a small semester', async () => {
    const w = await buildDivisionsWorld(t.db);
    const roster = await loadPlanningRoster(t.db, w.semester.id);
    const plan = await planSuggestion(roster, 6, plannerRunner(), pino({ level: 'silent' }));
    expect(plan.optimal).toBe(true);
    expect(plan.divisions).toHaveLength(2);
    expect(placed(plan)).toEqual(w.students.map((s) => s.student.slug).sort());
  });

  it('falls back to the heuristic plan, still placing everyone, when the worker cannot answer', async () => {
    const w = await buildDivisionsWorld(t.db);
    const roster = await loadPlanningRoster(t.db, w.semester.id);
    const logged: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => logged.push(line) });
    // A closed runner rejects every call, like a crashed or stopped worker (a tiny hard limit would
    // race the worker, which answers a semester this small within a millisecond).
    const stopped = createPlannerRunner();
    await stopped.close();
    const plan = await planSuggestion(roster, 6, stopped, log);
    expect(logged.join('\n')).toContain('division planning failed in the worker; using the heuristic plan');
    expect(plan.method).toMatch(/^heuristic/);
    expect(plan.divisions).toHaveLength(2);
    for (const division of plan.divisions) expect(division.size).toBeLessThanOrEqual(6);
    expect(placed(plan)).toEqual(w.students.map((s) => s.student.slug).sort());
  });
});
