import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { validateAllocation } from '@rollbook/planner';
import { usePlannerRunner } from '../../testing/planner-runner';
import { useTestApp } from '../../testing/test-app';
import type { AuthContext } from '../../lib/caller';
import { loadAllocationScope } from './allocation-scope';
import { availableHours } from './allocation-wire';
import { proposeAllocation } from './proposal';
import { buildAllocationWorld } from '../../testing/allocation-fixture';

describe('proposeAllocation', () => {
  const t = useTestApp();
  const plannerRunner = usePlannerRunner();

  async function scope() {
    const w = await buildAllocationWorld(t.db);
    const auth = {
      profileId: w.admin.id,
      profileSlug: w.admin.slug,
      institutionId: w.admin.institutionId,
      role: 'admin',
      name: w.admin.name,
      email: w.admin.email,
    } as AuthContext;
    return loadAllocationScope(t.db, auth);
  }

  it('solves in the planner worker within the limits', async () => {
    const state = await scope();
    const result = await proposeAllocation(state, [], plannerRunner(), pino({ level: 'silent' }));
    // The solver ran: its method names the coverage step (MIP or greedy) and then the cost phase's steps.
    expect(result.method).toMatch(/^(mip|greedy)(, |$)/);
    expect(result.report.coveredHours).toBe(46);
  });

  it('falls back to the fast allocation, still within every maximum, when the worker passes its hard limit', async () => {
    const state = await scope();
    const result = await proposeAllocation(state, [], plannerRunner(), pino({ level: 'silent' }), {
      timeBudgetMs: 3000,
      hardLimitMs: 1,
    });
    expect(result.method).toBe('greedy');
    const teachers = state.teachers.map((x) => ({
      slug: x.slug,
      priorities: x.priorities,
      maxHours: availableHours(x),
    }));
    expect(
      validateAllocation(
        state.units.map((r) => r.unit),
        teachers,
        result.assignments,
      ),
    ).toEqual([]);
    expect(result.report.coveredHours).toBeGreaterThan(0);
  });
});
