import { describe, expect, it } from 'vitest';
import { NOT_STARTED_PAST_DEADLINE, runMip } from './highs-runner';

// A MIP HiGHS's presolve solves outright, so only the runner can keep it from finishing.
const TINY_MIP = [
  'Minimize',
  ' obj: x',
  'Subject To',
  ' c: x >= 1',
  'Bounds',
  ' 0 <= x <= 10',
  'Generals',
  ' x',
  'End',
].join('\n');

describe('runMip', () => {
  it('solves a model when time is left', async () => {
    const run = await runMip(TINY_MIP, { deadline: 100, clock: () => 0 });
    expect(run.status).toBe('optimal');
    expect(run.objective).toBe(1);
  });

  it('does not start a run whose deadline has passed (a past deadline cost 70-110 ms more)', async () => {
    const run = await runMip(TINY_MIP, { deadline: 100, clock: () => 101 });
    expect(run.status).toBe('limit');
    expect(run.values).toBeNull();
    expect(run.dualBound).toBeNull();
    expect(run.detail).toBe(NOT_STARTED_PAST_DEADLINE);
  });
});
