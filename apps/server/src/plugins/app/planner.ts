import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WarmUpReport } from '@rollbook/planner';
import { createPlannerRunner, type PlannerRunner } from '../../lib/planner-worker/planner-runner';

/**
 * Hard limit of the boot warm-up (about 1.3 s of CPU alone). Generous: on a loaded machine it only
 * delays the calls queued behind it; past it the worker is replaced and the next call starts cold.
 */
const WARM_UP_HARD_LIMIT_MS = 20_000;

/** The app's planner runner, and the outcome of its warm-up at boot. */
export interface AppPlanner extends PlannerRunner {
  /**
   * Resolves once the boot warm-up has ended: its report, or null when it is off (`plannerWarmUp`)
   * or failed (a failed warm-up only costs the first call its warm solver).
   */
  warmUp(): Promise<WarmUpReport | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Heavy planner calls (division planning, load allocation) off the request thread, with a hard
     * deadline: `app.planner.run('allocateLoad', input, { hardLimitMs })`. See planner-runner.ts for
     * the errors it rejects with (timeout, overloaded, the planner's own errors).
     */
    planner: AppPlanner;
  }
}

/**
 * The planner worker: started when the server is ready and its solver warmed there (unless
 * `plannerWarmUp` is off; then on the first call), stopped on close.
 */
export default fp(
  async function plannerPlugin(app: FastifyInstance) {
    let runner: PlannerRunner | null = null;
    let warmUp: Promise<WarmUpReport | null> = Promise.resolve(null);
    let closing = false;
    app.decorate('planner', {
      run(task, input, options) {
        runner ??= createPlannerRunner();
        return runner.run(task, input, options);
      },
      async close() {
        await runner?.close();
      },
      warmUp: () => warmUp,
    } satisfies AppPlanner);
    app.addHook('onReady', async () => {
      if (!app.deps.config.plannerWarmUp) return;
      runner ??= createPlannerRunner();
      // Not awaited: readiness does not wait for it. It is the worker's first call, so a real call
      // arriving meanwhile waits in the runner's queue and its hard limit starts after it.
      warmUp = runner.run('warmUpAllocation', undefined, { hardLimitMs: WARM_UP_HARD_LIMIT_MS }).then(
        (report) => {
          app.log.info({ warmUp: report }, 'planner solver warmed up');
          return report;
        },
        (err: unknown) => {
          if (!closing) app.log.warn({ err }, 'planner warm-up failed; the first call runs cold');
          return null;
        },
      );
    });
    app.addHook('onClose', async () => {
      closing = true;
      await runner?.close();
    });
  },
  { name: 'planner', dependencies: ['deps'] },
);
