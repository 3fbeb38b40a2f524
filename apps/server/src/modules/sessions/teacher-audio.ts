import type { TeacherChunk } from '@rollbook/presence';
import {
  teacherAudioTopic,
  type LiveStore,
  type SignalWatch,
  type TeacherAudioRead,
} from '../../plugins/app/live-store';
import type { RecordingWindow } from './recording-time';
import type { TeacherStream } from './verdict-rule';

/**
 * How long an upload waits for the teacher's audio of its window. The window ends at most a clock
 * tolerance after the upload arrived (`recording-time.ts`); the teacher's sheet sends each second
 * when it is over, so its last second arrives within about two seconds of the window's end. The
 * wait listens for the live store's signal (shared by every instance), never blocks the event
 * loop and holds no database transaction.
 */
export const TEACHER_AUDIO_WAIT_MS = 4000;
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
 * The stream's state from a read: none kept, stopped arriving, or flowing. Server time against
 * server time (the arrival of the last chunk), since chunk timestamps come from the teacher's device.
 */
function streamOf(read: TeacherAudioRead): TeacherStream {
  if (read.newestMs === null) return 'none';
  return read.arrivedMs === null || Date.now() - read.arrivedMs > TEACHER_AUDIO_STALLED_MS
    ? 'stopped'
    : 'flowing';
}

/**
 * The teacher's audio around a recording window, waiting (bounded by `TEACHER_AUDIO_WAIT_MS`) while
 * the teacher's stream is flowing but has not yet reached the window's end. A stream that stopped,
 * or none at all, is not waited for: its audio will not come, and the verdict says so
 * (`verdict-rule.ts`). Each step is one read of the live store; between steps the wait sleeps
 * until the next chunk of the session is kept on any instance (the store's signal), not on a timer.
 */
export async function teacherAudioFor(
  store: LiveStore,
  sessionId: string,
  window: RecordingWindow,
): Promise<TeacherAudio> {
  // The recording's true start lies within the claim's tolerance: fetch the audio that may overlap it.
  const margin = window.toleranceMs + CHUNK_MS;
  const fromMs = window.startMs - margin;
  const toMs = window.endMs + margin;
  const deadline = Date.now() + TEACHER_AUDIO_WAIT_MS;
  let watch: SignalWatch | null = null;
  try {
    for (;;) {
      const read = await store.readTeacherAudio(sessionId, fromMs, toMs);
      const stream = streamOf(read);
      if (stream !== 'flowing' || read.newestMs! + CHUNK_MS >= window.endMs) {
        return { chunks: read.chunks, stream, final: true };
      }
      const leftMs = deadline - Date.now();
      if (leftMs <= 0) return { chunks: read.chunks, stream, final: false };
      if (watch === null) {
        // Subscribed first, then read again: a chunk kept between the read and the subscription
        // is seen by that read, one kept after it wakes the wait.
        watch = await store.watch(teacherAudioTopic(sessionId));
        continue;
      }
      // A chunk arrived, or it is time to look whether the stream stalled or the wait ran out.
      await watch.next(Math.min(leftMs, TEACHER_AUDIO_STALLED_MS));
    }
  } finally {
    watch?.close();
  }
}
