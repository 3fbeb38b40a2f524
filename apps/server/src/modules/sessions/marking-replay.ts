import type { ErrorCode } from '@rollbook/contract';
import { onceTopic, type LiveStore, type SignalWatch } from '../../plugins/app/live-store';
import { AppError, badRequest } from '../../lib/app-error';

/**
 * The optional request header naming one marking upload. A phone that lost the answer sends the
 * same upload again with the same key and is told the first verdict instead of being judged twice.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a marking's first answer is kept for retries of the same upload (the client retries for a minute). */
export const MARKING_ANSWER_TTL_MS = 5 * 60_000;
/** How long a claim may stay unanswered: an instance that died mid-attempt frees it for a retry. */
const PENDING_TTL_MS = 60_000;
/** How long a duplicate that arrived during the first upload's verification waits for its answer. */
export const DUPLICATE_WAIT_MS = 20_000;

const KEY_SHAPE = /^[A-Za-z0-9_-]{8,128}$/;

/** The request's idempotency key, undefined when none was sent; a malformed one is a 400. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || !KEY_SHAPE.test(key)) {
    throw badRequest(
      'The Idempotency-Key header must be 8 to 128 letters, digits, "-" or "_" (a UUID works).',
    );
  }
  return key;
}

/** An answer as kept for replay: success, or the refusal's code, text and extra keys. */
type KeptAnswer =
  { ok: true } | { error: { code: ErrorCode; message: string; extra: Record<string, unknown> | null } };

function replay(text: string): void {
  const kept = JSON.parse(text) as KeptAnswer;
  if ('ok' in kept) return;
  const { code, message, extra } = kept.error;
  throw new AppError(code, message, extra ? { extra } : {});
}

/** Runs the claimed attempt and keeps its answer; a failure of the server's frees the claim instead. */
async function runClaimed(store: LiveStore, key: string, run: () => Promise<void>): Promise<void> {
  let answer: KeptAnswer;
  try {
    await run();
    answer = { ok: true };
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      answer = { error: { code: err.code, message: err.message, extra: err.extra ?? null } };
      // Best effort: unkept, a retry is judged afresh (a mark already stored answers "already marked").
      await store.settleOnce(key, JSON.stringify(answer), MARKING_ANSWER_TTL_MS).catch(() => undefined);
    } else {
      // Not the student's answer (a busy pool, Redis or the database away): the retry runs again.
      await store.abandonOnce(key).catch(() => undefined);
    }
    throw err;
  }
  await store.settleOnce(key, JSON.stringify(answer), MARKING_ANSWER_TTL_MS).catch(() => undefined);
}

/**
 * Runs `run` once per `key` (scoped by the caller: student, session and the client's key): the
 * first request runs it and its answer (success or refusal) is kept for a few minutes; a repeat
 * gets that answer again without running anything; a repeat arriving while the first still runs
 * waits for the first's answer (bounded; then a 503 to retry). An attempt that failed on the
 * server's side keeps nothing, so its retry is judged afresh.
 */
export async function answerOnce(store: LiveStore, key: string, run: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + DUPLICATE_WAIT_MS;
  let watch: SignalWatch | null = null;
  try {
    for (;;) {
      const claim = await store.claimOnce(key, PENDING_TTL_MS);
      if (claim.claimed) return await runClaimed(store, key, run);
      if (claim.answer !== null) return replay(claim.answer);
      const leftMs = deadline - Date.now();
      if (leftMs <= 0) {
        throw new AppError('overloaded', 'This upload is still being checked. Please try again in a moment.');
      }
      if (watch === null) {
        // Subscribed, then claimed again: an answer kept in between is read, a later one wakes us.
        watch = await store.watch(onceTopic(key));
        continue;
      }
      await watch.next(leftMs);
    }
  } finally {
    watch?.close();
  }
}
