/**
 * How long a unit test waits for something to appear: Testing Library's `findBy*`/`waitFor` (set in
 * vitest.setup.ts) and `vi.waitFor`, whose own default of one second is too short for a loaded
 * 2-core machine running several suites. Only an upper bound for waiting, never a speed claim.
 */
export const WAIT_MS = 10_000;
