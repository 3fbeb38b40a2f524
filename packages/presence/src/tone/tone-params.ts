import { PresenceInputError } from '../errors';

/** One linear chirp inside the loop; frequencies in Hz, times in seconds from the loop start. */
export interface ChirpSpec {
  offsetS: number;
  durationS: number;
  startHz: number;
  endHz: number;
}

/**
 * Everything needed to re-synthesise a session tone at any sample rate. Versioned and plain JSON so
 * the server can store it on the session row and hand it back to `verifyPresence`.
 */
export interface ToneParams {
  version: 1;
  /** Rate of the WAV file played by the teacher's device. */
  sampleRate: number;
  /** Loop length; the teacher's device plays the file on repeat. */
  loopS: number;
  /** Peak amplitude of each chirp, full scale = 1. */
  amplitude: number;
  /** Raised-cosine fade at each end of a chirp (keeps the loop free of audible clicks). */
  taperS: number;
  chirps: ChirpSpec[];
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Checks that a value (e.g. parsed from JSON) is a usable `ToneParams` and returns it typed; throws
 * `PresenceInputError('bad_tone_params')` otherwise, so corrupted session rows fail loudly.
 */
export function parseToneParams(value: unknown): ToneParams {
  const fail = (why: string): never => {
    throw new PresenceInputError('bad_tone_params', `invalid tone parameters: ${why}`);
  };
  if (typeof value !== 'object' || value === null) return fail('not an object');
  const v = value as Record<string, unknown>;
  if (v.version !== 1) fail('unknown version');
  if (!finite(v.sampleRate) || v.sampleRate < 8000 || v.sampleRate > 192000) fail('sampleRate');
  if (!finite(v.loopS) || v.loopS <= 0 || v.loopS > 10) fail('loopS');
  if (!finite(v.amplitude) || v.amplitude <= 0 || v.amplitude > 1) fail('amplitude');
  if (!finite(v.taperS) || v.taperS < 0) fail('taperS');
  if (!Array.isArray(v.chirps) || v.chirps.length === 0 || v.chirps.length > 32) fail('chirps');
  const chirps = (v.chirps as unknown[]).map((c, i): ChirpSpec => {
    if (typeof c !== 'object' || c === null) return fail(`chirp ${i}`);
    const s = c as Record<string, unknown>;
    if (!finite(s.offsetS) || !finite(s.durationS) || !finite(s.startHz) || !finite(s.endHz)) {
      return fail(`chirp ${i} fields`);
    }
    if (s.durationS <= 0 || s.offsetS < 0 || s.offsetS + s.durationS > (v.loopS as number) + 1e-9) {
      fail(`chirp ${i} does not fit in the loop`);
    }
    if (s.startHz <= 0 || s.endHz <= 0 || Math.max(s.startHz, s.endHz) >= (v.sampleRate as number) / 2) {
      fail(`chirp ${i} frequencies`);
    }
    return { offsetS: s.offsetS, durationS: s.durationS, startHz: s.startHz, endHz: s.endHz };
  });
  return {
    version: 1,
    sampleRate: v.sampleRate as number,
    loopS: v.loopS as number,
    amplitude: v.amplitude as number,
    taperS: v.taperS as number,
    chirps,
  };
}

/** Lowest and highest frequency any chirp of the tone reaches. */
export function toneBand(params: ToneParams): { lowHz: number; highHz: number } {
  let lowHz = Infinity;
  let highHz = 0;
  for (const c of params.chirps) {
    lowHz = Math.min(lowHz, c.startHz, c.endHz);
    highHz = Math.max(highHz, c.startHz, c.endHz);
  }
  return { lowHz, highHz };
}
