import { applyBiquadCascade } from '../dsp/biquad';
import type { Rng } from '../dsp/random';
import { resample } from '../dsp/resample';
import { synthesizeToneLoop } from '../tone/synthesize';
import type { ToneParams } from '../tone/tone-params';
import { addDirect, criticalDistanceM, dbToGain, reverberate, type Room } from './room';
import {
  hvacNoise,
  slowEnvelope,
  speechLike,
  streetNoise,
  trafficEnvelope,
  transients,
  whiteNoise,
} from './signals';

// Acoustic scene model. Levels are in dB SPL; 94 dB SPL = 1 Pa RMS = 1.0 in these signals.
// The ambient band (< 8 kHz) of a whole scene is simulated at 16 kHz; the tone band only for the
// student's 5-s window, at 48 kHz. Both are summed at the student's microphone.

export const LOW_RATE = 16000;
export const HIGH_RATE = 48000;

/** A talker (lecturer or student chatting) with his distances to the microphones. */
export interface Talker {
  signal: Float32Array;
  levelDb: number;
  distanceToStudentM: number;
  distanceToTeacherM: number;
}

/** Everything audible in a room over the simulated stretch of time. */
export interface Scene {
  room: Room;
  seconds: number;
  talkers: Talker[];
  hvacDb: number;
  hvacDrift: Float32Array;
  mainsHz: number;
  streetDb: number | null;
  traffic: Float32Array;
  transientsPerSecond: number;
  transientDb: number;
}

/** Draws the noise part of a scene. */
export function sceneNoise(
  rng: Rng,
  seconds: number,
  hvacDb: number,
  streetDb: number | null,
): Pick<Scene, 'hvacDb' | 'hvacDrift' | 'mainsHz' | 'streetDb' | 'traffic'> {
  const length = Math.round(seconds * LOW_RATE);
  return {
    hvacDb,
    hvacDrift: slowEnvelope(rng, length, LOW_RATE, 1.5, 0.5),
    mainsHz: rng.pick([50, 60]),
    streetDb,
    traffic: trafficEnvelope(rng, length, LOW_RATE),
  };
}

/** A speech-like talker of `seconds` at `levelDb` (at 1 m). */
export function talker(
  rng: Rng,
  seconds: number,
  levelDb: number,
  toStudent: number,
  toTeacher: number,
): Talker {
  return {
    signal: speechLike(rng, seconds, LOW_RATE),
    levelDb,
    distanceToStudentM: toStudent,
    distanceToTeacherM: toTeacher,
  };
}

/**
 * The low band (16 kHz) heard by one microphone: direct sound of each talker (1/r), the diffuse
 * reverberant tail of all of them (level set by the room's critical distance), HVAC and street
 * noise with shared slow envelopes but independent waveforms. `which` selects the distances used.
 */
export function renderLowBand(rng: Rng, scene: Scene, which: 'student' | 'teacher'): Float32Array {
  const length = Math.round(scene.seconds * LOW_RATE);
  const out = new Float32Array(length);
  const radiated = new Float32Array(length);
  for (const t of scene.talkers) {
    const gain = dbToGain(t.levelDb - 94);
    const d = Math.max(0.3, which === 'student' ? t.distanceToStudentM : t.distanceToTeacherM);
    addDirect(out, t.signal, LOW_RATE, d, gain / d);
    for (let i = 0; i < length; i++) radiated[i] = radiated[i]! + gain * t.signal[i]!;
  }
  if (scene.talkers.length > 0) {
    const tail = reverberate(
      radiated,
      LOW_RATE,
      scene.room,
      scene.room.rt60S,
      rng,
      1 / criticalDistanceM(scene.room, scene.room.rt60S),
    );
    for (let i = 0; i < length; i++) out[i] = out[i]! + tail[i]!;
  }
  const hvac = hvacNoise(rng, length, LOW_RATE, scene.hvacDrift, scene.mainsHz);
  const hvacGain = dbToGain(scene.hvacDb - 94);
  for (let i = 0; i < length; i++) out[i] = out[i]! + hvacGain * hvac[i]!;
  if (scene.streetDb !== null) {
    const street = streetNoise(rng, length, LOW_RATE, scene.traffic);
    const g = dbToGain(scene.streetDb - 94);
    for (let i = 0; i < length; i++) out[i] = out[i]! + g * street[i]!;
  }
  return out;
}

/** How the session tone reaches a microphone. */
export interface TonePath {
  params: ToneParams;
  /** Level of the tone at 1 m on axis, dB SPL. */
  levelDb: number;
  distanceM: number;
  /** Extra loss of the direct path: speaker directivity off axis plus air absorption, dB. */
  directLossDb: number;
  /** Where in its loop the tone is at the window start, seconds. */
  loopOffsetS: number;
}

/**
 * The tone band at the student's microphone (48 kHz) for `seconds` from the window start: the
 * looped tone through the room (direct path with extra loss, diffuse tail with the shorter
 * high-frequency T60), plus broadband transients that reach the tone band.
 */
export function renderHighBand(
  rng: Rng,
  room: Room,
  seconds: number,
  tone: TonePath | null,
  transientsPerSecond: number,
  transientDb: number,
): Float32Array {
  const warmup = tone ? Math.round(Math.min(1.5, room.rt60HighS * 1.5) * HIGH_RATE) : 0;
  const length = Math.round(seconds * HIGH_RATE);
  const out = new Float32Array(length);
  if (tone) {
    const loop = synthesizeToneLoop(tone.params, HIGH_RATE);
    const total = warmup + length;
    const src = new Float32Array(total);
    const start = Math.round(tone.loopOffsetS * HIGH_RATE) - warmup;
    for (let i = 0; i < total; i++) {
      const k = (((start + i) % loop.length) + loop.length) % loop.length;
      src[i] = loop[k]!;
    }
    const gain = dbToGain(tone.levelDb - 94);
    for (let i = 0; i < total; i++) src[i] = src[i]! * gain;
    const d = Math.max(0.3, tone.distanceM);
    const mic = new Float32Array(total);
    addDirect(mic, src, HIGH_RATE, d, dbToGain(-tone.directLossDb) / d);
    const tail = reverberate(
      src,
      HIGH_RATE,
      room,
      room.rt60HighS,
      rng,
      1 / criticalDistanceM(room, room.rt60HighS),
    );
    for (let i = 0; i < length; i++) out[i] = mic[warmup + i]! + tail[warmup + i]!;
  }
  if (transientsPerSecond > 0) {
    const clicks = transients(rng, length, HIGH_RATE, transientsPerSecond);
    const g = dbToGain(transientDb - 94);
    for (let i = 0; i < length; i++) out[i] = out[i]! + g * clicks[i]!;
  }
  return out;
}

/** A phone or laptop microphone and its converter. */
export interface MicModel {
  /** dBFS for 1 Pa (94 dB SPL). */
  sensitivityDb: number;
  /** Corner of the high-frequency roll-off (6th-order low-pass), Hz. */
  rollOffHz: number;
  /** Self-noise, dB SPL equivalent. */
  selfNoiseDb: number;
  /** Extra gain that drives loud passages into clipping (0 = none). */
  overdriveDb: number;
  /** Biquad sections of the roll-off (default 3: 6th order; steep phones use more). */
  rollOffSections?: number;
}

/**
 * Turns sound pressure at 48 kHz into the samples a microphone delivers at `rate`: self-noise,
 * sensitivity, high-frequency roll-off, resampling and clipping at full scale.
 */
export function captureMic(rng: Rng, pressure48k: Float32Array, mic: MicModel, rate: number): Float32Array {
  const noise = whiteNoise(rng, pressure48k.length, dbToGain(mic.selfNoiseDb - 94));
  const gain = dbToGain(mic.sensitivityDb + mic.overdriveDb);
  const out = new Float32Array(pressure48k.length);
  for (let i = 0; i < out.length; i++) out[i] = (pressure48k[i]! + noise[i]!) * gain;
  applyBiquadCascade(out, 'lowpass', mic.rollOffHz, HIGH_RATE, mic.rollOffSections ?? 3);
  const atRate = rate === HIGH_RATE ? out : resample(out, HIGH_RATE, rate);
  for (let i = 0; i < atRate.length; i++) atRate[i] = Math.max(-1, Math.min(1, atRate[i]!));
  return atRate;
}

/** Upsamples the 16 kHz low band to 48 kHz and adds the high band (same length in time). */
export function combineBands(low16k: Float32Array, high48k: Float32Array): Float32Array {
  const up = resample(low16k, LOW_RATE, HIGH_RATE);
  const out = new Float32Array(high48k.length);
  for (let i = 0; i < out.length; i++) out[i] = (up[i] ?? 0) + high48k[i]!;
  return out;
}

/** A source in the tone band (48 kHz, `warmupS` of lead-in so the room's tail has built up). */
export interface BandSource {
  signal: Float32Array;
  warmupS: number;
  /** Level at 1 m on axis of a full-scale source sample, dB SPL. */
  levelDb: number;
  distanceM: number;
  directLossDb: number;
}

/**
 * The tone band at a microphone for `seconds`: any 48 kHz source (the live schedule, a file, a
 * replayed recording) through the room (direct path with extra loss, diffuse tail with the
 * high-frequency T60), plus broadband transients. `levelDb` applies to the source's peak scale:
 * a full-scale chirp of amplitude 1 plays at `levelDb`.
 */
export function renderBandFrom(
  rng: Rng,
  room: Room,
  seconds: number,
  source: BandSource | null,
  transientsPerSecond: number,
  transientDb: number,
): Float32Array {
  const length = Math.round(seconds * HIGH_RATE);
  const out = new Float32Array(length);
  if (source) {
    const warmup = Math.round(source.warmupS * HIGH_RATE);
    const total = warmup + length;
    const gain = dbToGain(source.levelDb - 94);
    const src = new Float32Array(total);
    for (let i = 0; i < total; i++) src[i] = (source.signal[i] ?? 0) * gain;
    const d = Math.max(0.3, source.distanceM);
    const mic = new Float32Array(total);
    addDirect(mic, src, HIGH_RATE, d, dbToGain(-source.directLossDb) / d);
    const tail = reverberate(
      src,
      HIGH_RATE,
      room,
      room.rt60HighS,
      rng,
      1 / criticalDistanceM(room, room.rt60HighS),
    );
    for (let i = 0; i < length; i++) out[i] = mic[warmup + i]! + tail[warmup + i]!;
  }
  if (transientsPerSecond > 0) {
    const clicks = transients(rng, length, HIGH_RATE, transientsPerSecond);
    const g = dbToGain(transientDb - 94);
    for (let i = 0; i < length; i++) out[i] = out[i]! + g * clicks[i]!;
  }
  return out;
}
