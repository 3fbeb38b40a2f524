import { rawTeacherSpan } from '../verify/raw-teacher-span';
import type { TeacherChunk } from '../verify/teacher-chunks';
import { encodeWav } from '../wav/encode-wav';
import type { SessionToneInput } from './timing-window';
import { checkToneLevel, type ToneLevelReport } from './tone-level';

/** What the tone-level check on the teacher's own stream reads. */
export interface TeacherToneLevelInput {
  /** The teacher's stored chunks (as the live store keeps them), timestamps in server time. */
  chunks: readonly TeacherChunk[];
  /** Seconds of consecutive raw stream the check listens to. */
  seconds: number;
  /**
   * The session's tone as it plays live (`playback.kind === 'live'`): the schedule's position
   * follows from the sheet's reported clock, not from the recording's start.
   */
  tone: SessionToneInput;
  /** How far a chunk's server-time stamp may be off (arrival minus its length, network jitter). */
  toleranceMs: number;
}

/**
 * The tone-level check on the teacher's own microphone: the newest `seconds` raw chunks of one
 * rate joined and checked for the tone (`checkToneLevel`); null when they do not exist yet or
 * cannot hold the band. Tens of milliseconds of CPU: the server runs it in the verifier pool.
 */
export function teacherToneLevel(input: TeacherToneLevelInput): ToneLevelReport | null {
  const span = rawTeacherSpan(input.chunks, input.seconds);
  if (!span) return null;
  return checkToneLevel(
    encodeWav(span.samples, span.sampleRate),
    input.tone,
    span.startMs,
    input.toleranceMs,
  );
}
