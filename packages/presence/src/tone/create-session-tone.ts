import { Rng, cryptoSeed } from '../dsp/random';
import { encodeWav } from '../wav/encode-wav';
import { synthesizeToneLoop } from './synthesize';
import { PresenceInputError } from '../errors';
import { parseToneParams, type ChirpSpec, type ToneParams } from './tone-params';

/** Options for `createSessionTone`; the band defaults to 17.5-20 kHz (design/presence.md). */
export interface SessionToneOptions {
  /** Seed for reproducible tones (tests, corpus); omit in production to use crypto randomness. */
  seed?: number;
  bandLowHz?: number;
  bandHighHz?: number;
}

const TONE_RATE = 48000;
const LOOP_S = 1;
const CHIRPS_PER_LOOP = 4;
const CHIRP_S = 0.12;
// Leaves most of a chirp's room echo to die down before the next one starts.
const MIN_GAP_S = 0.08;
const TAPER_S = 0.01;
const AMPLITUDE = 0.9;
const MIN_SWEEP_HZ = 1500;
const MAX_SWEEP_HZ = 2400;

/**
 * Draws random per-session tone parameters: one sweep band inside [bandLowHz, bandHighHz] (random
 * start and width), four 120 ms chirps per 1 s loop with random up/down directions and random
 * spacing. Two sessions practically never share the band-direction-offset pattern, so a
 * recording or tone file of one session does not pass the correlation of another.
 */
export function randomToneParams(opts: SessionToneOptions = {}): ToneParams {
  const rng = new Rng(opts.seed ?? cryptoSeed());
  const low = opts.bandLowHz ?? 17500;
  const high = Math.min(opts.bandHighHz ?? 20000, TONE_RATE / 2 - 1000);
  if (!(high - low >= 500)) throw new RangeError('tone band must be at least 500 Hz wide and below 23 kHz');
  const sweep = Math.min(rng.uniform(MIN_SWEEP_HZ, MAX_SWEEP_HZ), high - low);
  const startHz = Math.round(rng.uniform(low, high - sweep));
  const endHz = Math.round(startHz + sweep);
  // Random spacing: split the slack of the loop into CHIRPS_PER_LOOP + 1 random gaps.
  const slack = LOOP_S - CHIRPS_PER_LOOP * (CHIRP_S + MIN_GAP_S);
  const cuts = Array.from({ length: CHIRPS_PER_LOOP }, () => rng.next()).sort((a, b) => a - b);
  const chirps: ChirpSpec[] = [];
  let previousCut = 0;
  let cursor = 0;
  for (let i = 0; i < CHIRPS_PER_LOOP; i++) {
    cursor += (cuts[i]! - previousCut) * slack;
    previousCut = cuts[i]!;
    const up = rng.chance(0.5);
    chirps.push({
      offsetS: Math.round(cursor * 48000) / 48000,
      durationS: CHIRP_S,
      startHz: up ? startHz : endHz,
      endHz: up ? endHz : startHz,
    });
    cursor += CHIRP_S + MIN_GAP_S;
  }
  return { version: 1, sampleRate: TONE_RATE, loopS: LOOP_S, amplitude: AMPLITUDE, taperS: TAPER_S, chirps };
}

/**
 * Creates a session tone: random parameters plus the loop as a 16-bit PCM mono 48 kHz WAV for the
 * teacher's device to play on repeat. Store `params` with the session; `verifyPresence` needs them.
 */
export function createSessionTone(opts: SessionToneOptions = {}): { params: ToneParams; wav: Uint8Array } {
  const params = randomToneParams(opts);
  return { params, wav: encodeToneWav(params) };
}

/** Chunk id under which the tone WAV carries its own parameters (browsers ignore unknown chunks). */
export const TONE_PARAMS_CHUNK = 'rbtp';

/**
 * Writes the tone loop as 16-bit PCM mono at the tone's rate, with the parameters as JSON in an
 * extra `rbtp` chunk so that `presence verify --tone tone.wav` can audit a case from the file alone.
 */
export function encodeToneWav(params: ToneParams): Uint8Array {
  const body = new TextEncoder().encode(JSON.stringify(params));
  return encodeWav(synthesizeToneLoop(params, params.sampleRate), params.sampleRate, {
    encoding: 'pcm16',
    leadingChunks: [{ id: TONE_PARAMS_CHUNK, body }],
  });
}

/**
 * Reads the parameters embedded by `encodeToneWav`; throws `PresenceInputError('bad_tone_params')`
 * when the file has none or they are invalid.
 */
export function readToneParamsFromWav(bytes: Uint8Array): ToneParams {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
    const size = view.getUint32(at + 4, true);
    if (id === TONE_PARAMS_CHUNK && at + 8 + size <= bytes.length) {
      let json: unknown;
      try {
        json = JSON.parse(new TextDecoder().decode(bytes.subarray(at + 8, at + 8 + size)));
      } catch {
        throw new PresenceInputError('bad_tone_params', 'tone parameter chunk is not JSON');
      }
      return parseToneParams(json);
    }
    at += 8 + size + (size & 1);
  }
  throw new PresenceInputError('bad_tone_params', 'the tone WAV carries no parameters; pass the params JSON');
}
