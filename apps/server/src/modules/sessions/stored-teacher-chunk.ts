import { keptTeacherBand, packTeacherChunk, type TeacherChunk } from '@rollbook/presence';
import type { StoredSessionTone } from './session-tone';

/**
 * A teacher chunk as the live store keeps it (docs/decisions/sessions-0011): of our web client's
 * raw PCM, the ambient features and the band holding the session's tone and the two-way
 * challenge (27-38 kB a second instead of 96); anything else, and every chunk of a session without
 * a v2 tone, verbatim. Without `keepBand` (no reader will open it: `teacher-band-need.ts`), the
 * features alone. Readers open it with the engine's `openStoredTeacherChunks` (the verifier
 * does so itself, given `stored: true`).
 */
export function storedTeacherChunk(
  chunk: TeacherChunk,
  tone: StoredSessionTone | null,
  { keepBand }: { keepBand: boolean },
): TeacherChunk {
  const band = tone ? keptTeacherBand(tone.config) : null;
  return { timestampMs: chunk.timestampMs, bytes: packTeacherChunk(chunk.bytes, band, { keepBand }) };
}
