import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterEach, describe, expect, it } from 'vitest';
import type { AllocationInput } from '@rollbook/planner';
import type { AppDeps } from './deps';
import plannerPlugin from './planner';

const tiny: AllocationInput = {
  units: [
    { id: 'os/A/theory', subject: 'os', kind: 'theory', division: 'A', batch: null, hours: 3 },
    { id: 'db/A/theory', subject: 'db', kind: 'theory', division: 'A', batch: null, hours: 3 },
  ],
  teachers: [
    { slug: 'ann', priorities: ['os', 'db'], maxHours: 6 },
    { slug: 'bob', priorities: ['db'], maxHours: 3 },
  ],
};

/** The planner plugin alone, over a deps stand-in that carries only the setting it reads. */
async function plannerApp(plannerWarmUp: boolean): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(
    fp(
      async (instance: FastifyInstance) => {
        instance.decorate('deps', { config: { plannerWarmUp } } as unknown as AppDeps);
      },
      { name: 'deps' },
    ),
  );
  await app.register(plannerPlugin);
  return app;
}

describe('planner plugin', () => {
  let app: FastifyInstance;
  afterEach(async () => {
    await app.close();
  });

  it('warms the solver when the server is ready, without holding readiness', async () => {
    app = await plannerApp(true);
    await app.ready();
    // A call sent right after readiness, while the warm-up runs, queues behind it and answers.
    const call = app.planner.run('allocateLoad', tiny, { hardLimitMs: 20_000 });
    const report = await app.planner.warmUp();
    // The solver ran: its LP ends optimal, or at its 1-s limit on a loaded machine (a CI host under
    // load ended it there); an error or no report would mean no warm-up.
    expect(['optimal', 'limit']).toContain(report?.lp);
    const result = await call;
    expect(result.report.coveredHours).toBe(6);
    expect(result.teachers.map((t) => [t.teacher, t.total, t.subjectSwitches])).toEqual([
      ['ann', 3, 0],
      ['bob', 3, 0],
    ]);
  });

  it('starts no worker at boot when the warm-up is off', async () => {
    app = await plannerApp(false);
    await app.ready();
    expect(await app.planner.warmUp()).toBeNull();
    const result = await app.planner.run('allocateLoad', tiny, { hardLimitMs: 20_000 });
    expect(result.report.coveredHours).toBe(6);
  });
});
