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
 */
vi.mock('@rollbook/presence', async (importOriginal) => {
  const actual = await importOriginal<typeof Presence>();
  let drawn = 0;
  return {
    ...actual,
    createSessionKey: () => createHash('sha256').update(`rollbook test session key ${++drawn}`).digest('hex'),
  };
});

vi.mock('../modules/sessions/challenge-nonce', () => {
  let drawn = 0;
  return {
    newChallengeNonce: () =>
      createHash('sha256').update(`rollbook test challenge nonce ${++drawn}`).digest('hex').slice(0, 32),
  };
});
