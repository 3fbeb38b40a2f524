import { createHash } from 'node:crypto';
import { vi } from 'vitest';
import type * as Presence from '@rollbook/presence';

/**
 * Every server test file draws its sessions' secret tone keys, and its two-way challenges' nonces,
 * from fixed sequences instead of the platform's random source. Why: a session's chirps (band slot,
 * direction, timing) derive from its key, and a challenge's from its nonce, so with random ones a
 * verdict in a test varied from run to run — now and then a search found a chirp pattern in noise
 * or missed a faint chirp, and a test failed one run in many. How often
 * that happens is the presence engine's measured error rate (bench/presence), not something a unit
 * test can assert; a test asserts what the server does with a given recording, so it must be the
 * same recording and the same key every run. Keys stay distinct within a file, 32 bytes as hex
 * (nonces 16).
 *
 * Each file starts the sequences over, whichever files its worker ran before: this setup file runs
 * before every test file, but test files share one module graph per worker (apps/server/vitest.config.ts),
 * so the mocked modules below are built once; their counters live on `globalThis`, reset here.
 */
interface Draws {
  keys: number;
  nonces: number;
}
// Hoisted with the mocks (vi.mock runs above this file's other statements); read at each draw, so
// the mocks built by an earlier file see this file's counters.
const draws = vi.hoisted(
  () => () => (globalThis as unknown as { rollbookTestDraws: Draws }).rollbookTestDraws,
);
(globalThis as { rollbookTestDraws?: Draws }).rollbookTestDraws = { keys: 0, nonces: 0 };

vi.mock('@rollbook/presence', async (importOriginal) => {
  const actual = await importOriginal<typeof Presence>();
  return {
    ...actual,
    createSessionKey: () =>
      createHash('sha256').update(`rollbook test session key ${++draws().keys}`).digest('hex'),
  };
});

vi.mock('../modules/sessions/challenge-nonce', () => ({
  newChallengeNonce: () =>
    createHash('sha256')
      .update(`rollbook test challenge nonce ${++draws().nonces}`)
      .digest('hex')
      .slice(0, 32),
}));
