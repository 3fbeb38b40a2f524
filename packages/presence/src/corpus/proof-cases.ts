import { applyBiquadCascade } from '../dsp/biquad';
import { Rng } from '../dsp/random';
import { resample } from '../dsp/resample';
import type { ProofInput } from '../proof/verify-proof';
import type { TonePlayback } from '../proof/timing-window';
import { synthesizeSpan } from '../schedule/synthesize-span';
import { toHex } from '../schedule/sha256';
import {
  DEFAULT_SCHEDULE_CONFIG,
  LoopedSchedule,
  ToneSchedule,
  type ChirpTimeline,
  type ToneScheduleConfig,
} from '../schedule/tone-schedule';
import type { TeacherChunk } from '../verify/teacher-chunks';
import { encodePcm16, encodeWav } from '../wav/encode-wav';
import { classScene, homeScene, randomMic, type NoiseLevel } from './cases';
import { addDirect, criticalDistanceM, dbToGain, randomRoom, reverberate, rms, type Room } from './room';
import {
  HIGH_RATE,
  LOW_RATE,
  captureMic,
  combineBands,
  renderBandFrom,
  renderLowBand,
  type MicModel,
  type Scene,
} from './world';

// The v2 corpus (issue 17): sessions with a secret time-locked schedule, played live by our web
// client or as a looped file by the original client, a server clock, uploads that arrive after the
// recording, and every attack class of design/presence.md. See
// docs/decisions/presence-0009-evaluation-v2.md for the model and what it assumes.

/** Ground truth: a present student or an attack class. */
export type ProofCaseClass = 'present' | 'T1' | 'T2' | 'T2f' | 'T2T4' | 'T3' | 'T4' | 'T7';
export type ProofClient = 'web48' | 'web44' | 'flutter16';

export const PROOF_VARIANTS: Record<ProofCaseClass, readonly string[]> = {
  present: ['lecture', 'lecture', 'lecture', 'silent_room', 'weak_speaker', 'steep_phone', 'teacher_gap'],
  T1: ['home_tv', 'silence', 'speech_only', 'other_classroom'],
  T2: ['relay_8k', 'relay_16k', 'relay_24k'],
  T2f: ['fullband_relay', 'fullband_relay_compensated'],
  T2T4: ['relay_tone_acoustic', 'relay_tone_digital'],
  T3: ['other_session', 'same_session_later', 'same_session_backdated'],
  T4: ['tone_at_home_quiet', 'tone_at_home_tv', 'tone_at_home_speech'],
  T7: ['late_start', 'early_start', 'late_start_teacher_gap'],
};

/** The drawn parameters of one case. */
export interface ProofCaseSpec {
  id: string;
  seed: number;
  cls: ProofCaseClass;
  variant: string;
  /** Student (or relaying friend) distance from the teacher's speaker, m. */
  distanceM: number;
  noise: NoiseLevel;
  roomKind: Room['kind'];
  studentRate: 44100 | 48000;
  /** web48/web44: our client (live schedule, clock measured); flutter16: the original client (file). */
  client: ProofClient;
  /** 'low' = 16-19 kHz, the band an institution picks for weak speakers. */
  band: 'default' | 'low';
}

export interface ProofCorpusCase {
  spec: ProofCaseSpec;
  input: ProofInput;
}

const WORLD_S = 10;
const WINDOW_START_S = 2.5;
const RECORD_S = 5;
const WARMUP_S = 1;
const FILE_LOOP_S = 180;
const CLASSROOM = { latitude: 19.07283, longitude: 72.88261 };
const LOW_BAND: ToneScheduleConfig = { ...DEFAULT_SCHEDULE_CONFIG, bandLowHz: 16000, bandHighHz: 19000 };

/** 30 % present students, 10 % each attack class, variants evenly; deterministic from the seed. */
export function planProofCases(count: number, seed: number): ProofCaseSpec[] {
  const rng = new Rng(seed);
  const classes: ProofCaseClass[] = ['T1', 'T2', 'T2f', 'T2T4', 'T3', 'T4', 'T7'];
  const specs: ProofCaseSpec[] = [];
  for (let i = 0; i < count; i++) {
    const r = rng.next();
    const cls: ProofCaseClass = r < 0.3 ? 'present' : classes[Math.min(6, Math.floor((r - 0.3) / 0.1))]!;
    const distanceM = rng.uniform(1, 20);
    const roomKind: Room['kind'] =
      distanceM > 14
        ? 'hall'
        : distanceM > 8
          ? rng.pick(['medium', 'hall'] as const)
          : rng.pick(['small', 'medium', 'hall'] as const);
    const variant = rng.pick(PROOF_VARIANTS[cls]);
    specs.push({
      id: `case-${String(i).padStart(5, '0')}`,
      seed: rng.seed(),
      cls,
      variant,
      distanceM,
      noise: rng.pick(['quiet', 'moderate', 'loud'] as const),
      roomKind,
      studentRate: rng.chance(0.6) ? 48000 : 44100,
      client: rng.pick(['web48', 'web48', 'web44', 'flutter16'] as const),
      band:
        variant === 'weak_speaker'
          ? rng.chance(0.5)
            ? 'low'
            : 'default'
          : rng.chance(0.2)
            ? 'low'
            : 'default',
    });
  }
  return specs;
}

/** A session as the simulation knows it (including what the server does not: the true lateness). */
interface Session {
  timeline: ChirpTimeline;
  keyHex: string;
  config: ToneScheduleConfig;
  /** Server time at which the speaker plays schedule time 0 (the truth). */
  originMs: number;
  playback: TonePlayback;
}

function drawSession(rng: Rng, spec: ProofCaseSpec, nowMs: number): Session {
  const key = new Uint8Array(32);
  for (let i = 0; i < 32; i++) key[i] = rng.int(0, 255);
  const keyHex = toHex(key);
  const config = spec.band === 'low' ? LOW_BAND : DEFAULT_SCHEDULE_CONFIG;
  const schedule = new ToneSchedule(keyHex, config);
  if (spec.client === 'flutter16') {
    // The file started playing 0.3-2 s after the teacher's device fetched it, some minutes ago.
    const fetchedMs = nowMs - rng.uniform(60_000, 3_000_000);
    const startedMs = fetchedMs + rng.uniform(300, 2000);
    return {
      timeline: new LoopedSchedule(schedule, FILE_LOOP_S),
      keyHex,
      config,
      originMs: startedMs,
      playback: { kind: 'file', loopS: FILE_LOOP_S, startedMs: { min: fetchedMs, max: fetchedMs + 2500 } },
    };
  }
  const epochMs = nowMs - rng.uniform(60_000, 3_000_000);
  // Audio output latency of the teacher's browser, measured against server time to +-30 ms.
  const lateness = rng.uniform(20, 150);
  return {
    timeline: schedule,
    keyHex,
    config,
    originMs: epochMs + lateness,
    playback: { kind: 'live', epochMs, offsetMs: lateness + rng.uniform(-30, 30), toleranceMs: 50 },
  };
}

/** Frequency response of the teacher's speaker in the tone band (weak laptops lose 16-27 dB at 19 kHz). */
function speakerGain(rng: Rng, weak: boolean): (hz: number) => number {
  const at19 = weak ? rng.uniform(16, 27) : rng.uniform(0, 6);
  // exp form of 10^(-at19 (hz - 16 kHz) / 3 kHz / 20): called for every sample of the tone.
  const perHz = (-at19 * Math.LN10) / 20 / 3000;
  return (hz) => (hz <= 16000 ? 1 : Math.exp(perHz * (hz - 16000)));
}

/** The tone leaving the speaker for the 48 kHz samples from server time `fromMs` (with warm-up). */
function toneSource(
  session: Session,
  fromMs: number,
  seconds: number,
  gain: (hz: number) => number,
): Float32Array {
  const s0 = (fromMs - session.originMs) / 1000 - WARMUP_S;
  return synthesizeSpan(session.timeline, s0, seconds + WARMUP_S, HIGH_RATE, { gainAtHz: gain });
}

/** Sound pressure at a position in a scene for the window, shifted by `shiftS`, with a tone source. */
function pressureIn(
  rng: Rng,
  scene: Scene,
  tone: Float32Array | null,
  distanceM: number,
  shiftS = 0,
): Float32Array {
  const toneDb = scene.room.kind === 'hall' ? rng.uniform(72, 84) : rng.uniform(64, 78);
  const low = renderLowBand(rng, scene, 'student');
  const from = Math.round((WINDOW_START_S + shiftS) * LOW_RATE);
  const high = renderBandFrom(
    rng,
    scene.room,
    RECORD_S,
    tone
      ? {
          signal: tone,
          warmupS: WARMUP_S,
          levelDb: toneDb,
          distanceM,
          directLossDb: rng.uniform(0, 8) + distanceM * rng.uniform(0.1, 0.3),
        }
      : null,
    scene.transientsPerSecond,
    scene.transientDb,
  );
  return combineBands(low.slice(from, from + RECORD_S * LOW_RATE), high);
}

/** The teacher's stream in server time: our client corrects its stamps; the original stamps arrival. */
function teacherStream(
  rng: Rng,
  scene: Scene,
  client: ProofClient,
  worldStartMs: number,
  gap: { fromS: number; toS: number } | null,
): TeacherChunk[] {
  const low = renderLowBand(rng, scene, 'teacher');
  const mic = randomMic(rng, false);
  const rate = client === 'web48' ? 48000 : client === 'web44' ? 44100 : 16000;
  const gain = dbToGain(mic.sensitivityDb);
  const noise = dbToGain(mic.selfNoiseDb - 94);
  const pressure = rate === LOW_RATE ? low : resample(low, LOW_RATE, rate);
  const samples = pressure.map((v) => Math.max(-1, Math.min(1, (v + noise * rng.normal()) * gain)));
  const chunks: TeacherChunk[] = [];
  const stampError = rng.uniform(-30, 30);
  for (let k = 0; k < WORLD_S; k++) {
    if (gap && k + 1 > gap.fromS && k < gap.toS) continue;
    const part = samples.subarray(k * rate, (k + 1) * rate);
    if (client === 'flutter16') {
      chunks.push({
        timestampMs: worldStartMs + (k + 1) * 1000 + rng.uniform(40, 300),
        bytes: encodeWav(part, rate),
      });
    } else {
      chunks.push({ timestampMs: worldStartMs + k * 1000 + stampError, bytes: encodePcm16(part) });
    }
  }
  return chunks;
}

/** A relayed signal played from a loudspeaker at home (48 kHz), re-recorded at the phone. */
function playAtHomeWith(
  rng: Rng,
  home: Scene,
  played: Float32Array,
  playedDb: number,
  distanceM: number,
  extraTone: Float32Array | null,
): Float32Array {
  const homeLow = renderLowBand(rng, home, 'student');
  const from = Math.round(WINDOW_START_S * LOW_RATE);
  const high = renderBandFrom(
    rng,
    home.room,
    RECORD_S,
    extraTone
      ? {
          signal: extraTone,
          warmupS: WARMUP_S,
          levelDb: rng.uniform(60, 80),
          distanceM: rng.uniform(0.3, 2),
          directLossDb: rng.uniform(0, 4),
        }
      : null,
    home.transientsPerSecond,
    home.transientDb,
  );
  const base = combineBands(homeLow.slice(from, from + RECORD_S * LOW_RATE), high);
  const level = rms(played);
  const src = played.map((v) => (level > 0 ? (v / level) * dbToGain(playedDb - 94) : 0));
  addDirect(base, src, HIGH_RATE, distanceM, 1 / distanceM);
  const tail = reverberate(
    src,
    HIGH_RATE,
    home.room,
    home.room.rt60S,
    rng,
    1 / criticalDistanceM(home.room, home.room.rt60S),
  );
  for (let i = 0; i < base.length; i++) base[i] = base[i]! + tail[i]!;
  return base;
}

/** A lossy full-band codec (Opus music mode): 20 kHz band edge and quantisation noise ~25-35 dB down. */
function fullBandCodec(rng: Rng, x: Float32Array): Float32Array {
  const out = Float32Array.from(x);
  applyBiquadCascade(out, 'lowpass', rng.uniform(19500, 20500), HIGH_RATE, 4);
  const noise = rms(out) * dbToGain(-rng.uniform(25, 35));
  for (let i = 0; i < out.length; i++) out[i] = out[i]! + noise * rng.normal();
  return out;
}

function studentMicFor(rng: Rng, spec: ProofCaseSpec): MicModel {
  const mic = randomMic(rng, spec.cls === 'present' && rng.chance(0.08));
  if (spec.variant === 'steep_phone')
    return { ...mic, rollOffHz: rng.uniform(16500, 17200), rollOffSections: 8 };
  return mic;
}

/** Mixes a tone span digitally into captured samples at a level the attacker picks. */
function mixDigitally(rng: Rng, samples: Float32Array, rate: number, session: Session, fromMs: number): void {
  const s0 = (fromMs - session.originMs) / 1000;
  const tone = synthesizeSpan(session.timeline, s0, samples.length / rate, rate);
  const g = dbToGain(-rng.uniform(10, 40));
  for (let i = 0; i < samples.length; i++) samples[i] = Math.max(-1, Math.min(1, samples[i]! + g * tone[i]!));
}

/**
 * Renders one planned case. The truth: the recording starts at server time R (the window); the
 * upload arrives 0.15-3 s after it ends; our client's `start_time` is R +-100 ms (offset measured,
 * tolerance 250 ms), the original client's R +-1.5 s. Attackers spoof a position inside the fence.
 */
export function renderProofCase(spec: ProofCaseSpec): ProofCorpusCase {
  const rng = new Rng(spec.seed);
  const worldStartMs = 1_763_800_000_000 + Math.floor(rng.uniform(0, 1e9));
  const R = worldStartMs + WINDOW_START_S * 1000;
  const session = drawSession(rng, spec, R);
  const room = randomRoom(rng, spec.roomKind);
  const distance = spec.distanceM;
  const silent = spec.variant === 'silent_room';
  const scene = classScene(rng, room, silent ? 'quiet' : spec.noise, distance, !silent);
  const gap =
    spec.variant === 'teacher_gap' || spec.variant === 'late_start_teacher_gap'
      ? { fromS: WINDOW_START_S + rng.uniform(0, 3), toS: 0 }
      : null;
  if (gap) gap.toS = gap.fromS + rng.uniform(1.5, 3.5);
  const chunks = teacherStream(rng, scene, spec.client, worldStartMs, gap);
  const speaker = speakerGain(rng, spec.variant === 'weak_speaker');
  const ours = spec.client !== 'flutter16';
  const clockErr = ours ? rng.uniform(-100, 100) : rng.uniform(-1500, 1500);
  let claimedStartMs = R + clockErr;
  const studentMic = studentMicFor(rng, spec);
  const liveTone = (fromMs: number): Float32Array => toneSource(session, fromMs, RECORD_S, speaker);
  let pressure: Float32Array;
  let digital: { fromMs: number } | null = null;
  switch (spec.cls) {
    case 'present':
      pressure = pressureIn(rng, scene, liveTone(R), distance);
      break;
    case 'T1': {
      if (spec.variant === 'other_classroom') {
        const other = randomRoom(rng, rng.pick(['small', 'medium', 'hall'] as const));
        pressure = pressureIn(rng, classScene(rng, other, spec.noise, distance, true), null, distance);
      } else {
        pressure = pressureIn(
          rng,
          homeScene(rng, spec.variant === 'home_tv', spec.variant === 'speech_only'),
          null,
          1,
        );
      }
      break;
    }
    case 'T2':
    case 'T2f':
    case 'T2T4': {
      const latencyS = rng.uniform(0.1, 0.6);
      const friend = pressureIn(rng, scene, liveTone(R - latencyS * 1000), distance, -latencyS);
      const captured = captureMic(rng, friend, randomMic(rng, false), HIGH_RATE);
      let relayed: Float32Array;
      if (spec.cls === 'T2f') relayed = fullBandCodec(rng, captured);
      else {
        const relayRate =
          spec.cls === 'T2'
            ? Number(spec.variant.replace('relay_', '').replace('k', '')) * 1000
            : rng.pick([8000, 16000]);
        relayed = resample(resample(captured, HIGH_RATE, relayRate), relayRate, HIGH_RATE);
      }
      // The tone the attacker holds: the original client's file at a guessed phase, or (our
      // client has no file) a full-band recording of this session's tone 10-600 s earlier.
      const heldFromMs = R - rng.uniform(10_000, 600_000);
      const acoustic =
        spec.cls === 'T2T4' && spec.variant === 'relay_tone_acoustic'
          ? toneSource(session, heldFromMs, RECORD_S, () => 1)
          : null;
      if (spec.cls === 'T2T4' && spec.variant === 'relay_tone_digital') digital = { fromMs: heldFromMs };
      // A smart attacker states a start time shifted by the relay's latency.
      if (spec.variant === 'fullband_relay_compensated') claimedStartMs -= latencyS * 1000;
      pressure = playAtHomeWith(
        rng,
        homeScene(rng, false, false),
        relayed,
        rng.uniform(58, 68),
        rng.uniform(0.3, 1),
        acoustic,
      );
      break;
    }
    case 'T3': {
      if (spec.variant === 'other_session') {
        const other = drawSession(rng, spec, R);
        const otherRoom = randomRoom(rng, spec.roomKind);
        const tone = toneSource(other, R, RECORD_S, speaker);
        pressure = pressureIn(rng, classScene(rng, otherRoom, spec.noise, distance, true), tone, distance);
      } else {
        // This session's recording from 6-17 s earlier, replayed now (or its start time backdated).
        const delayMs = rng.uniform(6000, 17000);
        const earlier = pressureIn(
          rng,
          classScene(rng, room, spec.noise, distance, true),
          liveTone(R - delayMs),
          distance,
        );
        const recorded = captureMic(rng, earlier, randomMic(rng, false), HIGH_RATE);
        pressure = playAtHomeWith(
          rng,
          homeScene(rng, false, false),
          recorded,
          rng.uniform(60, 72),
          rng.uniform(0.2, 0.8),
          null,
        );
        if (spec.variant === 'same_session_backdated') claimedStartMs -= delayMs;
      }
      break;
    }
    case 'T4':
    case 'T7': {
      const home = homeScene(
        rng,
        spec.variant === 'tone_at_home_tv' || spec.cls === 'T7',
        spec.variant === 'tone_at_home_speech',
      );
      const heldFromMs = R - rng.uniform(10_000, 600_000);
      pressure = playAtHomeWith(
        rng,
        home,
        new Float32Array(RECORD_S * HIGH_RATE),
        0,
        1,
        toneSource(session, heldFromMs, RECORD_S, () => 1),
      );
      if (spec.cls === 'T7')
        claimedStartMs += (spec.variant === 'early_start' ? -1 : 1) * rng.uniform(1000, 10000);
      break;
    }
  }
  const samples = captureMic(rng, pressure, studentMic, spec.studentRate);
  if (digital) mixDigitally(rng, samples, spec.studentRate, session, digital.fromMs);
  const bearing = rng.uniform(0, 2 * Math.PI);
  const offsetM = rng.uniform(0, 40);
  return {
    spec,
    input: {
      tone: { keyHex: session.keyHex, config: session.config, playback: session.playback },
      studentWav: encodeWav(samples, spec.studentRate),
      timing: {
        claimedStartMs,
        uploadReceivedMs: R + RECORD_S * 1000 + rng.uniform(150, 3000),
        ...(ours ? { clockToleranceMs: 250 } : {}),
      },
      teacher: { streaming: true, final: true, chunks },
      position: {
        latitude: CLASSROOM.latitude + (offsetM * Math.cos(bearing)) / 111320,
        longitude:
          CLASSROOM.longitude +
          (offsetM * Math.sin(bearing)) / (111320 * Math.cos((CLASSROOM.latitude * Math.PI) / 180)),
        accuracyM: rng.uniform(5, 30),
      },
      classroom: CLASSROOM,
    },
  };
}
