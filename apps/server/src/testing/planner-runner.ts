import { afterAll, beforeAll } from 'vitest';
import { createPlannerRunner, type PlannerRunner } from '../lib/planner-worker/planner-runner';

/** A real planner worker for the tests of one file, closed after them; call the getter in a test. */
export function usePlannerRunner(): () => PlannerRunner {
  let runner: PlannerRunner | undefined;
  beforeAll(() => {
    runner = createPlannerRunner();
  });
  afterAll(async () => {
    await runner?.close();
  });
  return () => {
    if (!runner) throw new Error('the planner runner starts in beforeAll');
    return runner;
  };
}
