import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPlannerRunner, type PlannerRunner } from '../../lib/planner-worker/planner-runner';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Heavy planner calls (division planning, load allocation) off the request thread, with a hard
     * deadline: `app.planner.run('allocateLoad', input, { hardLimitMs })`. See planner-runner.ts for
     * the errors it rejects with (timeout, overloaded, the planner's own errors).
     */
    planner: PlannerRunner;
  }
}

/** The planner worker: started on the first call (most requests never plan), stopped on close. */
export default fp(
  async function plannerPlugin(app: FastifyInstance) {
    let runner: PlannerRunner | null = null;
    app.decorate('planner', {
      run(task, input, options) {
        runner ??= createPlannerRunner();
        return runner.run(task, input, options);
      },
      async close() {
        await runner?.close();
      },
    } satisfies PlannerRunner);
    app.addHook('onClose', async () => {
      await runner?.close();
    });
  },
  { name: 'planner', dependencies: ['deps'] },
);
