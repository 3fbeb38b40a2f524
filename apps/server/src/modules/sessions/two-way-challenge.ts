import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  challengeBandGate,
  challengeConfigFor,
  deriveChallengeKey,
  type ToneLevelReport,
} from '@rollbook/presence';
import type { IssuedChallenge } from '@rollbook/contract';
import type { DbOrTx } from '../../db/client';
import { lectureSessions } from '../../db/schema';
import type { ThrottleStore } from '../../plugins/app/throttle-store';
import type { StoredSessionTone } from './session-tone';
import type { FinalVerdict, StoredReason } from './verdict-rule';
import { newChallengeNonce } from './challenge-nonce';
import type { TwoWaySetting } from '../../domain/two-way-setting';
import { markingSettingsOf } from '../../domain/lectures/marking-context';

/**
 * The two-way check in the product (issue 17 item 4; docs/decisions/sessions-0006): per attempt the
 * server mints an attempt id bound to the session and the student, derives the challenge key from
 * the session's secret and that id (the engine's `deriveChallengeKey`), and sends the student's
 * client only the key. Nothing is stored at issue: the id carries its issue time and a MAC under
 * the session key, so any instance can check it; single use (per recording: a retried upload keeps
 * it) is a claim in the shared throttle store.
 */

/** How long an attempt may take from the challenge to the upload: recording 5 s, position, upload. */
export const CHALLENGE_TTL_MS = 60_000;

const MAC_LABEL = 'rollbook-attempt-v1';
const MAC_BYTES = 16;

function mac(
  tone: StoredSessionTone,
  sessionId: string,
  studentSlug: string,
  issuedMs: number,
  nonce: string,
) {
  return createHmac('sha256', Buffer.from(tone.keyHex, 'hex'))
    .update(`${MAC_LABEL}|${sessionId}|${studentSlug}|${issuedMs}|${nonce}`)
    .digest()
    .subarray(0, MAC_BYTES);
}

/** A challenge for one attempt of `studentSlug` in this session, issued at `nowMs` (server time). */
export function mintChallenge(
  tone: StoredSessionTone,
  sessionId: string,
  studentSlug: string,
  nowMs: number,
): IssuedChallenge {
  const nonce = newChallengeNonce();
  const tag = mac(tone, sessionId, studentSlug, nowMs, nonce).toString('hex');
  const attemptId = `${nowMs.toString(36)}.${nonce}.${tag}`;
  return {
    attempt_id: attemptId,
    key_hex: deriveChallengeKey(tone.keyHex, attemptId),
    config: challengeConfigFor(tone.config),
    expires_at_ms: nowMs + CHALLENGE_TTL_MS,
  };
}

/** Why an attempt id sent with a recording is refused (texts in `marking-messages.ts`). */
export type ChallengeRefusal = 'challenge_foreign' | 'challenge_expired' | 'challenge_used';

/**
 * What makes an upload the same one sent again: a digest of its recording and of every field it
 * carries (start time, clock offset, position...). A client retrying after a 5xx or a lost answer
 * sends them unchanged; another recording, or the same one claiming another moment or place, differs.
 */
export function uploadIdentity(audio: Uint8Array, fields: Readonly<Record<string, unknown>>): string {
  const canonical = JSON.stringify(
    Object.keys(fields)
      .sort()
      .map((k) => [k, fields[k]]),
  );
  return createHash('sha256').update(audio).update(canonical).digest('hex');
}

/**
 * Checks that `attemptId` was issued by this server for this student in this session, less than
 * `CHALLENGE_TTL_MS` before `nowMs`; then claims it for `upload` (`uploadIdentity`), across
 * instances. The challenge is single use per recording: the same upload sent again (our client
 * retries after a 5xx or a lost answer, sessions-0008) holds the claim already and is judged; any
 * other recording with it is `challenge_used`. Returns null when it may be used, else why not.
 */
export async function redeemChallenge(
  store: Pick<ThrottleStore, 'claimFor'>,
  attemptId: string,
  context: { tone: StoredSessionTone; sessionId: string; studentSlug: string; nowMs: number; upload: string },
): Promise<ChallengeRefusal | null> {
  const parts = attemptId.split('.');
  if (parts.length !== 3) return 'challenge_foreign';
  const [issued36, nonce, tag] = parts as [string, string, string];
  const issuedMs = Number.parseInt(issued36, 36);
  if (!Number.isSafeInteger(issuedMs) || !/^[0-9a-f]{32}$/.test(nonce) || !/^[0-9a-f]{32}$/.test(tag)) {
    return 'challenge_foreign';
  }
  const expected = mac(context.tone, context.sessionId, context.studentSlug, issuedMs, nonce);
  if (!timingSafeEqual(expected, Buffer.from(tag, 'hex'))) return 'challenge_foreign';
  if (context.nowMs - issuedMs > CHALLENGE_TTL_MS || issuedMs > context.nowMs) return 'challenge_expired';
  const claimed = await store.claimFor(`challenge:${nonce}`, context.upload, context.nowMs, CHALLENGE_TTL_MS);
  return claimed ? null : 'challenge_used';
}

/**
 * Whether the teacher's microphone hears the challenge band, as the tone-level check at session
 * start measured it on the teacher's own stream: the engine's gate reads how the teacher's own tone
 * falls from its lowest to its top slot (a microphone rolling off below the challenge band loses
 * 15-30 dB there; the capped z this read before saturates on a tone this loud and passed every
 * microphone). `not_heard` also for a stream that cannot carry the tone's band at all.
 */
export function challengeBandOf(report: ToneLevelReport): ChallengeBand {
  return challengeBandGate(report).heard ? 'heard' : 'not_heard';
}

export type ChallengeBand = 'heard' | 'not_heard';

/** The institution's two-way check setting. */
export async function twoWaySetting(db: DbOrTx, institutionId: number): Promise<TwoWaySetting> {
  return (await markingSettingsOf(db, institutionId)).twoWay;
}

/** Whether the institution uses the two-way check (required or not). */
export async function usesTwoWayCheck(db: DbOrTx, institutionId: number): Promise<boolean> {
  return (await twoWaySetting(db, institutionId)) !== 'off';
}

/** What the teacher is told of the band their microphone hears, and what it means for the marks. */
export interface NotedChallengeBand {
  band: ChallengeBand;
  /** The institution requires the check: where it cannot be applied, marks come to the teacher's review. */
  required: boolean;
}

/**
 * Keeps the measured band with the session's tone (every instance reads it when marking; never sent
 * to any client). Null when the institution does not use the check: nothing to tell the teacher.
 */
export async function noteChallengeBand(
  db: DbOrTx,
  session: { sessionId: string; institutionId: number },
  report: ToneLevelReport,
): Promise<NotedChallengeBand | null> {
  const setting = await twoWaySetting(db, session.institutionId);
  if (setting === 'off') return null;
  const sessionId = session.sessionId;
  const band = challengeBandOf(report);
  await db
    .update(lectureSessions)
    .set({
      toneParams: sql`${lectureSessions.toneParams} || jsonb_build_object('challengeBand', ${band}::text)`,
    })
    .where(eq(lectureSessions.sessionId, sessionId));
  return { band, required: setting === 'required' };
}

/** The band measured for a session, from its stored tone; null until the check ran. */
export function storedChallengeBand(toneParams: unknown): ChallengeBand | null {
  if (typeof toneParams !== 'object' || toneParams === null) return null;
  const band = (toneParams as Record<string, unknown>).challengeBand;
  return band === 'heard' || band === 'not_heard' ? band : null;
}

/**
 * What the two-way check does for one attempt: `off` (the institution does not use it), `missing`
 * (it does, but the recording came without a challenge: the original client, or a client that left
 * it out; never accepted without the teacher), `skipped` (the teacher's microphone cannot hear the
 * band, or it was not measured yet: not applied, saying so; `required` when the institution
 * requires the check, so the mark goes to the teacher's review) or `apply`.
 */
export type TwoWayPlan =
  | { kind: 'off' }
  | { kind: 'missing' }
  | {
      kind: 'skipped';
      reason: 'challenge_band_not_heard' | 'challenge_band_unmeasured';
      required: boolean;
    }
  | { kind: 'apply'; attemptId: string };

/** The plan of one attempt whose challenge (if any) was redeemed. */
export function twoWayPlan(
  setting: TwoWaySetting,
  attemptId: string | undefined,
  toneParams: unknown,
): TwoWayPlan {
  if (setting === 'off') return { kind: 'off' };
  if (attemptId === undefined) return { kind: 'missing' };
  const band = storedChallengeBand(toneParams);
  if (band === 'heard') return { kind: 'apply', attemptId };
  return {
    kind: 'skipped',
    reason: band === 'not_heard' ? 'challenge_band_not_heard' : 'challenge_band_unmeasured',
    required: setting === 'required',
  };
}

const noting = (final: FinalVerdict, reason: StoredReason): FinalVerdict => ({
  ...final,
  reasons: [...final.reasons, reason],
});
const presentToReview = (final: FinalVerdict): FinalVerdict =>
  final.verdict === 'present' ? { ...final, verdict: 'needs_review' } : final;

/**
 * The stored verdict with the plan's reason: a missing or skipped check is named (never a silent
 * skip); a missing challenge turns a present verdict into the teacher's review, and so does a
 * skipped one where the institution requires the check (`challenge_required`, added only when it
 * changed the verdict): a full-band relay passes every one-way check (presence-0018).
 */
export function withTwoWay(final: FinalVerdict, plan: TwoWayPlan): FinalVerdict {
  if (plan.kind === 'missing') return presentToReview(noting(final, 'challenge_missing'));
  if (plan.kind !== 'skipped') return final;
  const noted = noting(final, plan.reason);
  if (!plan.required || noted.verdict !== 'present') return noted;
  return presentToReview(noting(noted, 'challenge_required'));
}
