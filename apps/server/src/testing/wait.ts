import { vi } from 'vitest';

/**
 * How long a test waits for something to happen before it fails. Generous on purpose: a loaded
 * 2-core machine can take seconds to deliver what an idle one delivers in milliseconds. It is only
 * an upper bound for waiting, never a claim about speed (latency goals live in bench/), and stays
 * below the server project's 120-s test limit so a failing wait reports what it waited for. 15 s
 * was once exceeded by a socket push on a CI machine at load 20.
 */
export const WAIT_MS = 45_000;

/**
 * Polls `check` with the runner's own `vi.waitFor` until it answers true; fails with `what` after
 * `ms`. For outcomes that arrive on their own time (a socket push, a store write).
 */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  what: string,
  ms = WAIT_MS,
): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`${what} (waited ${ms} ms)`);
    },
    { timeout: ms, interval: 10 },
  );
}
