import { chirpEnvelope } from '../tone/synthesize';
import { plainWavHeader } from '../wav/encode-wav';
import { scheduledChirpPhase } from './synthesize-span';
import {
  LoopedSchedule,
  type ScheduledChirp,
  type ToneSchedule,
  type ToneScheduleConfig,
} from './tone-schedule';

/**
 * The original app's tone file (presence-0029): the session's schedule from the chirp due when it is
 * downloaded, for the rest of the lecture, so that it never repeats while the lecture lasts and no
 * earlier part of the lecture lines up with a later moment. An hour at 48 kHz is 173 MB as 8-bit
 * PCM (half of 16-bit) and about a quarter of that gzipped, since the silence between chirps
 * compresses to nothing; the app plays it from its disk, so its length costs no memory. It is
 * streamed as it is written, never kept: every chirp is one of a few shapes (slot, direction, sweep:
 * six per slot), each quantised once.
 */

/** The rate of the file: every phone and player takes 48 kHz, and it holds a tone up to 20 kHz. */
export const LECTURE_FILE_RATE = 48000;

/** Bytes of the whole file: the 44-byte header and one byte per sample. */
export function lectureToneFileBytes(seconds: number, sampleRate = LECTURE_FILE_RATE): number {
  const samples = lectureFileSamples(seconds, sampleRate);
  return 44 + samples + (samples & 1);
}

function lectureFileSamples(seconds: number, sampleRate: number): number {
  return Math.round(seconds * sampleRate);
}

/**
 * The file as consecutive pieces (the header, then `pieceS` of samples each), written as they are
 * asked for. It starts at chirp `firstChirp` (the one due when it is downloaded, so that a download
 * later in the lecture never replays its start) and plays `new LoopedSchedule(schedule, seconds,
 * firstChirp)`. Each chirp starts on the sample nearest its scheduled start (at most 10.4 us away at
 * 48 kHz).
 */
export function* lectureToneFilePieces(
  schedule: ToneSchedule,
  seconds: number,
  {
    firstChirp = 0,
    sampleRate = LECTURE_FILE_RATE,
    pieceS = 1,
  }: { firstChirp?: number; sampleRate?: number; pieceS?: number } = {},
): Generator<Uint8Array> {
  const total = lectureFileSamples(seconds, sampleRate);
  yield plainWavHeader({ sampleRate, bits: 8, dataBytes: total });
  const file = new LoopedSchedule(schedule, seconds, firstChirp);
  const startS = file.startS;
  const shapes = new Map<string, Uint8Array>();
  const pieceSamples = Math.max(1, Math.round(pieceS * sampleRate));
  for (let from = 0; from < total; from += pieceSamples) {
    const piece = new Uint8Array(Math.min(pieceSamples, total - from)).fill(SILENCE);
    const pieceStartS = startS + from / sampleRate;
    for (const chirp of file.chirpsBetween(pieceStartS, pieceStartS + piece.length / sampleRate)) {
      if (chirp.index < firstChirp) continue; // the file starts with its first chirp
      const key = `${chirp.startHz}|${chirp.endHz}|${chirp.shape}|${chirp.durationS}`;
      let shape = shapes.get(key);
      if (!shape) {
        shape = quantisedChirp(chirp, schedule.config, sampleRate);
        shapes.set(key, shape);
      }
      const at = Math.round((chirp.startS - startS) * sampleRate) - from;
      const skip = Math.max(0, -at);
      piece.set(shape.subarray(skip, Math.min(shape.length, piece.length - at)), at + skip);
    }
    yield piece;
  }
  if (total & 1) yield new Uint8Array(1); // RIFF pads a chunk of odd length
}

/** Unsigned 8-bit PCM: 128 is zero. */
const SILENCE = 128;
const FULL_SCALE = 127;

/**
 * One chirp as 8-bit samples from its first, with the rounding error shaped by (1 - z^-1)^2: it
 * goes up towards 24 kHz, beside the tone, instead of spreading evenly into the audible band
 * (13-14 dB less than plain rounding at 1-5 kHz, where hearing is keenest; still 52 dB below the
 * chirp in its own band). Between chirps the file is exact silence.
 */
function quantisedChirp(
  chirp: ScheduledChirp,
  config: Pick<ToneScheduleConfig, 'amplitude' | 'taperS'>,
  sampleRate: number,
): Uint8Array {
  const out = new Uint8Array(Math.floor(chirp.durationS * sampleRate) + 1);
  let e1 = 0;
  let e2 = 0;
  for (let n = 0; n < out.length; n++) {
    const t = n / sampleRate;
    const x =
      config.amplitude *
      chirpEnvelope(t, chirp.durationS, config.taperS) *
      Math.sin(scheduledChirpPhase(chirp, t)) *
      FULL_SCALE;
    const wanted = x - 2 * e1 + e2;
    const rounded = Math.round(wanted);
    // The error fed back is the rounding's alone: a clipped peak (an amplitude near 1) must not feed
    // its overshoot back, or the loop would ring.
    e2 = e1;
    e1 = rounded - wanted;
    out[n] = Math.max(-FULL_SCALE - 1, Math.min(FULL_SCALE, rounded)) + SILENCE;
  }
  return out;
}
