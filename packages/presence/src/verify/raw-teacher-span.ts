import { decodeTeacherChunk } from '../wav/decode-teacher-chunk';
import { openStoredTeacherChunks } from './stored-teacher-chunk';
import type { TeacherChunk } from './teacher-chunks';

// The rates that can hold the session's band; a 16 kHz stream cannot hear the tone at all.
const MIN_RATE = 44100;

/** Consecutive seconds of the teacher's raw stream, joined, with the first chunk's server time. */
export interface RawTeacherSpan {
  samples: Float32Array;
  sampleRate: number;
  startMs: number;
}

/**
 * The newest `seconds` chunks of the teacher's stream (as the live store keeps them) as one
 * signal, when they are raw PCM of one rate that can hold the tone's band (our web sheet and the
 * original web client; not the original app's 16 kHz WAV chunks); null otherwise or while fewer
 * have arrived.
 */
export function rawTeacherSpan(stored: readonly TeacherChunk[], seconds: number): RawTeacherSpan | null {
  if (stored.length < seconds) return null;
  // Opened with the chunk before them, whose filter tail joins the first (sessions-0011).
  const recent = openStoredTeacherChunks(stored.slice(-(seconds + 1)), { audio: true }).slice(-seconds);
  // A chunk whose band was not kept holds no audio of the tone: not a span to judge a level by.
  if (recent.length < seconds || recent.some((c) => c.bandDropped)) return null;
  const decoded = recent.map((c) => {
    try {
      return decodeTeacherChunk(c.bytes);
    } catch {
      return null;
    }
  });
  const rate = decoded[0]?.sampleRate ?? 0;
  if (rate < MIN_RATE || decoded.some((d) => !d || d.framing !== 'raw' || d.sampleRate !== rate)) return null;
  const samples = new Float32Array(decoded.reduce((n, d) => n + d!.samples.length, 0));
  let at = 0;
  for (const d of decoded) {
    samples.set(d!.samples, at);
    at += d!.samples.length;
  }
  return { samples, sampleRate: rate, startMs: recent[0]!.timestampMs };
}
