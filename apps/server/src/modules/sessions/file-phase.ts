import { eq, sql } from 'drizzle-orm';
import { locateFilePhase, rawTeacherSpan } from '@rollbook/presence';
import type { DbOrTx } from '../../db/client';
import { lectureSessions } from '../../db/schema';
import type { LiveStore } from '../../plugins/app/live-store';
import type { StoredSessionTone } from './session-tone';

/**
 * The original client's file phase (issue 17 item 1; docs/decisions/sessions-0006): the original
 * web client loops the session's tone file from a moment the server does not know, but streams its
 * microphone as raw PCM at 44.1/48 kHz, which hears the file. The engine's `locateFilePhase` finds,
 * in a few seconds of that stream, when the loop started (server time); with it the tone proves the
 * moment for the original client's marks too (the time lock), instead of any phase of the loop.
 * The original app's 16 kHz stream cannot hear the file: its marks stay as before (the room sound
 * must prove the moment).
 */

/** Seconds of the teacher's stream searched: a verification's 5 s. */
export const FILE_PHASE_SECONDS = 5;
/** How far the located start may be off: chunk stamps on server time (chunk-clock.ts) and the search. */
export const FILE_PHASE_TOLERANCE_MS = 300;
// Once found, checked again this often (the sheet may restart the file without a new join);
// while not found (speaker off, stream not yet long enough), tried again this often.
const RECHECK_MS = 60_000;
const RETRY_MS = 10_000;
const MAX_TRACKED = 10_000;
// A new location this close to the kept one changes nothing (no write).
const SAME_PHASE_MS = 50;

/** The located start of the file's loop kept with the session's tone, or null. */
export function storedFilePhase(toneParams: unknown): number | null {
  if (typeof toneParams !== 'object' || toneParams === null) return null;
  const phase = (toneParams as Record<string, unknown>).fileStartedMs;
  return typeof phase === 'number' && Number.isFinite(phase) ? phase : null;
}

/** Where the file's loop started (server time), from the newest seconds of a teacher stream that hears it. */
export function locateTeacherFilePhase(
  chunks: Parameters<typeof rawTeacherSpan>[0],
  tone: StoredSessionTone,
): number | null {
  const span = rawTeacherSpan(chunks, FILE_PHASE_SECONDS);
  if (!span) return null;
  const found = locateFilePhase(
    span.samples,
    span.sampleRate,
    {
      keyHex: tone.keyHex,
      config: tone.config,
      playback: { kind: 'file', loopS: tone.fileLoopS, startedMs: { min: tone.epochMs, max: span.startMs } },
    },
    span.startMs,
  );
  return found ? Math.round(found.startedMs) : null;
}

export interface FilePhaseDeps {
  db: DbOrTx;
  liveStore: Pick<LiveStore, 'teacherChunks'>;
  nowMs(): number;
}

/**
 * Follows the file phase of the sessions whose sheet loops the file, on the instance holding that
 * sheet's socket: `restart` when such a sheet joins (it starts the file again, so the old phase is
 * forgotten), `heard` on each of its chunks (locates now and then: tens of ms of CPU on the event
 * loop, at most every 10 s per session while unknown and every minute once known).
 */
export function createFilePhaseTracker(deps: FilePhaseDeps) {
  const state = new Map<string, { nextTryMs: number; keptMs: number | null }>();

  async function keep(sessionId: string, startedMs: number | null) {
    const value =
      startedMs === null
        ? sql`${lectureSessions.toneParams} - 'fileStartedMs'`
        : sql`${lectureSessions.toneParams} || jsonb_build_object('fileStartedMs', ${startedMs}::bigint)`;
    await deps.db
      .update(lectureSessions)
      .set({ toneParams: value })
      .where(eq(lectureSessions.sessionId, sessionId));
  }

  return {
    async restart(sessionId: string): Promise<void> {
      state.set(sessionId, { nextTryMs: 0, keptMs: null });
      await keep(sessionId, null);
    },

    async heard(sessionId: string, tone: StoredSessionTone): Promise<void> {
      const now = deps.nowMs();
      const s = state.get(sessionId) ?? { nextTryMs: 0, keptMs: null };
      // Ended sessions are never told apart here: a bound on the map keeps it small.
      if (!state.has(sessionId) && state.size >= MAX_TRACKED) state.clear();
      state.set(sessionId, s);
      if (now < s.nextTryMs) return;
      const chunks = await deps.liveStore.teacherChunks(
        sessionId,
        now - (FILE_PHASE_SECONDS + 2) * 1000,
        now,
      );
      // Not a try yet: the stream has not lasted long enough to be searched.
      if (chunks.length < FILE_PHASE_SECONDS) return;
      const startedMs = locateTeacherFilePhase(chunks, tone);
      s.nextTryMs = now + (startedMs === null ? RETRY_MS : RECHECK_MS);
      if (startedMs === null || (s.keptMs !== null && samePhase(s.keptMs, startedMs, tone.fileLoopS))) return;
      s.keptMs = startedMs;
      await keep(sessionId, startedMs);
    },
  };
}

export type FilePhaseTracker = ReturnType<typeof createFilePhaseTracker>;

/** Two loop starts that are the same phase (a whole number of loops apart, give or take). */
function samePhase(a: number, b: number, loopS: number): boolean {
  const loopMs = loopS * 1000;
  const d = (((a - b) % loopMs) + loopMs) % loopMs;
  return Math.min(d, loopMs - d) <= SAME_PHASE_MS;
}
