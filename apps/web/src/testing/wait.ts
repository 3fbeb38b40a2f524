/**
 * How long a unit test waits for something to appear: Testing Library's `findBy*`/`waitFor` (set in
 * vitest.setup.ts) and `vi.waitFor`, whose own default of one second is too short for a loaded
 * 2-core machine running several suites. Only an upper bound for waiting, never a speed claim.
 */
export const WAIT_MS = 10_000;

/**
 * The same for a wait that also sits out the code's own real back-off (an upload retried after 1 s,
 * a stream reconnected after 1-5 s): the back-off plus `WAIT_MS`.
 */
export const BACKOFF_WAIT_MS = 20_000;
