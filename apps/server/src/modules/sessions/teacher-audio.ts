import type { TeacherChunk } from '@rollbook/presence';
import type { LiveStore } from '../../plugins/app/live-store';
import type { RecordingWindow } from './recording-time';
import type { TeacherStream } from './verdict-rule';

/**
 * How long an upload waits for the teacher's audio of its window. The window ends at most a clock
 * tolerance after the upload arrived (`recording-time.ts`); the teacher's sheet sends each second
 * when it is over, so its last second arrives within about two seconds of the window's end. The
 * wait polls the live store (shared by every instance), never blocks the event loop and holds no
 * database transaction.
 */
export const TEACHER_AUDIO_WAIT_MS = 4000;
const TEACHER_AUDIO_POLL_MS = 100;
// The teacher's sheet sends a chunk every second; nothing for this long means the stream stopped
// (microphone off, sheet closed, network gone, reconnecting to another instance), not that the
// next chunk is late.
export const TEACHER_AUDIO_STALLED_MS = 5000;
// The raw chunks of our web client are stamped at their start and last a second.
const CHUNK_MS = 1000;

/** The teacher's audio around a recording and the state of their stream when it was read. */
export interface TeacherAudio {
  chunks: TeacherChunk[];
  stream: TeacherStream;
  /**
   * False when the stream still flows but its audio had not reached the window's end when the
   * wait ran out: more may come, but too late for this verdict (`teacher_audio_pending`).
   */
  final: boolean;
}

/**
 * Whether the teacher's stream stopped arriving. Server time against server time (the arrival of
 * the last chunk), since chunk timestamps come from the teacher's device clock.
 */
async function streamStalled(store: LiveStore, sessionId: string): Promise<boolean> {
  const arrived = await store.teacherAudioArrivedMs(sessionId);
  return arrived === null || Date.now() - arrived > TEACHER_AUDIO_STALLED_MS;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The teacher's audio around a recording window, waiting (bounded by `TEACHER_AUDIO_WAIT_MS`) while
 * the teacher's stream is flowing but has not yet reached the window's end. A stream that stopped,
 * or none at all, is not waited for: its audio will not come, and the verdict says so
 * (`verdict-rule.ts`).
 */
export async function teacherAudioFor(
  store: LiveStore,
  sessionId: string,
  window: RecordingWindow,
): Promise<TeacherAudio> {
  // The recording's true start lies within the claim's tolerance: fetch the audio that may overlap it.
  const margin = window.toleranceMs + CHUNK_MS;
  const deadline = Date.now() + TEACHER_AUDIO_WAIT_MS;
  let stream: TeacherStream = 'none';
  let final = true;
  for (;;) {
    const newest = await store.newestTeacherChunkMs(sessionId);
    if (newest === null) {
      stream = 'none';
      break;
    }
    stream = (await streamStalled(store, sessionId)) ? 'stopped' : 'flowing';
    if (stream === 'stopped' || newest + CHUNK_MS >= window.endMs) break;
    if (Date.now() >= deadline) {
      final = false;
      break;
    }
    await sleep(TEACHER_AUDIO_POLL_MS);
  }
  const chunks = await store.teacherChunks(sessionId, window.startMs - margin, window.endMs + margin);
  return { chunks, stream, final };
}
