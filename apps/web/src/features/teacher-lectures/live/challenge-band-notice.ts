import type { ToneLevelMessage } from '@rollbook/contract';
import { LECTURES_TEXT } from '../lecture-text';

/**
 * The lasting notice for a teacher whose microphone cannot hear the phones' answer of the two-way
 * check, from the session-start tone-level message; null when there is nothing to say (the band is
 * heard, or the institution does not use the check). Where the institution requires the check the
 * marks come to the teacher's review, which the teacher must know before they pile up.
 */
export function challengeBandNotice(
  message: Pick<ToneLevelMessage, 'challenge_band' | 'challenge_required'>,
): string | null {
  if (message.challenge_band !== 'not_heard') return null;
  return message.challenge_required
    ? LECTURES_TEXT.challengeBandNotHeardRequired
    : LECTURES_TEXT.challengeBandNotHeard;
}
