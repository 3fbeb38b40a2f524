import { randomBytes } from 'node:crypto';

/**
 * The unguessable part of a two-way challenge's attempt id (its challenge sequence derives from it).
 * A module of its own so that tests can fix the sequence (src/testing/seeded-session-keys.ts).
 */
export function newChallengeNonce(): string {
  return randomBytes(16).toString('hex');
}
