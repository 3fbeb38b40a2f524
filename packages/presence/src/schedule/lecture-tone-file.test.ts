import { describe, expect, it } from 'vitest';
import { chirpEnvelope } from '../tone/synthesize';
import { decodeWav } from '../wav/decode-wav';
import { LECTURE_FILE_RATE, lectureToneFileBytes, lectureToneFilePieces } from './lecture-tone-file';
import { scheduledChirpPhase } from './synthesize-span';
import { DEFAULT_SCHEDULE_CONFIG, ToneSchedule, type ScheduledChirp } from './tone-schedule';

const KEY = '5e'.repeat(32);
const schedule = new ToneSchedule(KEY, DEFAULT_SCHEDULE_CONFIG);
const RATE = LECTURE_FILE_RATE;

function wholeFile(seconds: number, opts: { pieceS?: number; firstChirp?: number } = {}): Uint8Array {
  const pieces = [...lectureToneFilePieces(schedule, seconds, opts)];
  const out = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The chirp's exact samples (full scale 1) on the file's grid (from `fileStartS`), its start rounded to a sample. */
function exactChirp(chirp: ScheduledChirp, fileStartS = 0): { first: number; samples: Float64Array } {
  const first = Math.round((chirp.startS - fileStartS) * RATE);
  const samples = new Float64Array(Math.floor(chirp.durationS * RATE) + 1);
  for (let n = 0; n < samples.length; n++) {
    const t = n / RATE;
    samples[n] =
      DEFAULT_SCHEDULE_CONFIG.amplitude *
      chirpEnvelope(t, chirp.durationS, DEFAULT_SCHEDULE_CONFIG.taperS) *
      Math.sin(scheduledChirpPhase(chirp, t));
  }
  return { first, samples };
}

/** Normalised correlation of the file's 8-bit samples with the chirp's exact ones, where the file has it. */
function likeness(samples: Uint8Array, chirp: ScheduledChirp, fileStartS = 0): number {
  const { first, samples: exact } = exactChirp(chirp, fileStartS);
  let dot = 0;
  let norm = 0;
  let energy = 0;
  for (let n = 0; n < exact.length; n++) {
    const heard = (samples[first + n]! - 128) / 127;
    dot += heard * exact[n]!;
    norm += exact[n]! * exact[n]!;
    energy += heard * heard;
  }
  return dot / Math.sqrt(norm * energy);
}

/** Power of `x` at `hz` (Goertzel), per sample. */
function powerAt(x: Float64Array, hz: number): number {
  const w = (2 * Math.PI * hz) / RATE;
  let re = 0;
  let im = 0;
  for (let n = 0; n < x.length; n++) {
    re += x[n]! * Math.cos(w * n);
    im -= x[n]! * Math.sin(w * n);
  }
  return (re * re + im * im) / x.length;
}

describe('the original app’s lecture-long tone file', () => {
  it('is a mono 8-bit 48 kHz WAV of the stated size, whatever the piece size', () => {
    const file = wholeFile(12);
    expect(file.length).toBe(lectureToneFileBytes(12));
    const decoded = decodeWav(file);
    expect(decoded.sampleRate).toBe(RATE);
    expect(decoded.samples.length).toBe(12 * RATE);
    expect(file[34]).toBe(8); // bits per sample
    expect(wholeFile(12, { pieceS: 0.37 })).toEqual(file);
  });

  it('plays every chirp of the schedule from chirp 0, at its time, and exact silence between', () => {
    const seconds = 20;
    const file = wholeFile(seconds);
    const samples = file.subarray(44);
    const chirps = schedule.chirpsBetween(0, seconds).filter((c) => c.index >= 0);
    expect(chirps.length).toBe(seconds / DEFAULT_SCHEDULE_CONFIG.periodS);
    const covered = new Uint8Array(samples.length);
    for (const chirp of chirps) {
      expect(likeness(samples, chirp)).toBeGreaterThan(0.999);
      const { first, samples: exact } = exactChirp(chirp);
      covered.fill(1, first, first + exact.length);
    }
    // A chirp one period later is another one: the file is the schedule, not a repeated pattern.
    const { first: a } = exactChirp(chirps[10]!);
    const { first: b } = exactChirp(chirps[13]!);
    let same = 0;
    for (let n = 0; n < 2000; n++) same += samples[a + n] === samples[b + n] ? 1 : 0;
    expect(same).toBeLessThan(1500);
    for (let n = 0; n < samples.length; n++) if (!covered[n]) expect(samples[n]).toBe(128);
  });

  it('starts a later download at the chirp then due: the schedule from there, not its start', () => {
    const firstChirp = 4500; // half an hour into the lecture
    const fileStartS = firstChirp * DEFAULT_SCHEDULE_CONFIG.periodS;
    const samples = wholeFile(6, { firstChirp }).subarray(44);
    const chirps = schedule.chirpsBetween(fileStartS, fileStartS + 5).filter((c) => c.index >= firstChirp);
    expect(chirps[0]!.index).toBe(firstChirp);
    for (const chirp of chirps) expect(likeness(samples, chirp, fileStartS)).toBeGreaterThan(0.999);
    expect(Buffer.from(samples).equals(Buffer.from(wholeFile(6).subarray(44)))).toBe(false);
  });

  it('keeps the rounding error out of the audible band (noise shaping)', () => {
    const chirp = schedule.chirp(5);
    const { first, samples: exact } = exactChirp(chirp);
    const file = wholeFile(4).subarray(44);
    const shaped = new Float64Array(exact.length);
    const flat = new Float64Array(exact.length);
    for (let n = 0; n < exact.length; n++) {
      shaped[n] = (file[first + n]! - 128) / 127 - exact[n]!;
      flat[n] = Math.round(exact[n]! * 127) / 127 - exact[n]!;
    }
    const db = (p: number) => 10 * Math.log10(p);
    const band = (x: Float64Array, fromHz: number, toHz: number) => {
      let sum = 0;
      for (let hz = fromHz; hz <= toHz; hz += 50) sum += powerAt(x, hz);
      return db(sum);
    };
    // Where hearing is keenest the error is well below plain rounding's; it went up beside the tone.
    expect(band(shaped, 1000, 5000)).toBeLessThan(band(flat, 1000, 5000) - 8);
    expect(band(shaped, 20000, 23000)).toBeGreaterThan(band(flat, 20000, 23000));
  });
});
