import { applyBiquadCascade } from '../dsp/biquad';
import { Rng } from '../dsp/random';
import { resample } from '../dsp/resample';
import type { ProofInput } from '../proof/verify-proof';
import type { TonePlayback } from '../proof/timing-window';
import { synthesizeSpan } from '../schedule/synthesize-span';
import { toHex } from '../schedule/sha256';
import {
  CHALLENGE_SPAN_S,
  challengeConfigFor,
  deriveChallengeKey,
  twoWayToneConfig,
} from '../challenge/challenge-sequence';
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

/**
 * Ground truth: a present student or an attack class. `present2w`, `T2f2w` and `T2fcall` are our
 * web client with the institution's two-way check: a present student, a one-way full-band relay,
 * and a two-way call whose far end is a colluding phone on speaker in the room.
 */
export type ProofCaseClass =
  'present' | 'present2w' | 'T1' | 'T2' | 'T2f' | 'T2f2w' | 'T2fcall' | 'T2T4' | 'T3' | 'T4' | 'T7';

/** Every class, present students first. */
export const PROOF_CLASSES: readonly ProofCaseClass[] = [
  'present',
  'present2w',
  'T1',
  'T2',
  'T2f',
  'T2f2w',
  'T2fcall',
  'T2T4',
  'T3',
  'T4',
  'T7',
];

/** Classes whose cases use the two-way check. */
export const TWO_WAY_CLASSES: readonly ProofCaseClass[] = ['present2w', 'T2f2w', 'T2fcall'];
export type ProofClient = 'web48' | 'web44' | 'flutter16';

export const PROOF_VARIANTS: Record<ProofCaseClass, readonly string[]> = {
  present: ['lecture', 'lecture', 'lecture', 'silent_room', 'weak_speaker', 'steep_phone', 'teacher_gap'],
  present2w: ['lecture', 'lecture', 'lecture', 'silent_room', 'weak_speaker', 'steep_phone', 'teacher_gap'],
  T2f2w: ['fullband_relay', 'fullband_relay_compensated'],
  T2fcall: ['two_way_call', 'two_way_call_compensated'],
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
  /**
   * 'low' = 16-19 kHz, the band an institution picks for weak speakers; 'widest' = 15-20 kHz, the
   * widest an institution may set (never drawn: tests that need it ask for it).
   */
  band: 'default' | 'low' | 'widest';
  /** Two-way classes: the teacher microphone's roll-off corner (the bandwidth the check needs), Hz. */
  teacherRollOffHz?: number;
}

export interface ProofCorpusCase {
  spec: ProofCaseSpec;
  input: ProofInput;
}

const WORLD_S = 10;
const WINDOW_START_S = 2.5;
const RECORD_S = 5;
const WARMUP_S = 1;
// The original app's file: the schedule for a whole lecture, never repeating within it
// (presence-0029; the server renders the lecture's remaining time plus 15 minutes: 75 min for an
// hour's lecture started on time). The app fetched it up to 50 min ago, so it never wraps here.
const FILE_LOOP_S = 4500;
const CLASSROOM = { latitude: 19.07283, longitude: 72.88261 };
const LOW_BAND: ToneScheduleConfig = { ...DEFAULT_SCHEDULE_CONFIG, bandLowHz: 16000, bandHighHz: 19000 };
const WIDEST_BAND: ToneScheduleConfig = { ...DEFAULT_SCHEDULE_CONFIG, bandLowHz: 15000, bandHighHz: 20000 };

/** One planned case of class `cls` (draws in a fixed order from `rng`). */
function planOne(rng: Rng, cls: ProofCaseClass, id: string): ProofCaseSpec {
  const distanceM = rng.uniform(1, 20);
  const roomKind: Room['kind'] =
    distanceM > 14
      ? 'hall'
      : distanceM > 8
        ? rng.pick(['medium', 'hall'] as const)
        : rng.pick(['small', 'medium', 'hall'] as const);
  const variant = rng.pick(PROOF_VARIANTS[cls]);
  const twoWay = TWO_WAY_CLASSES.includes(cls);
  const spec: ProofCaseSpec = {
    id,
    seed: rng.seed(),
    cls,
    variant,
    distanceM,
    noise: rng.pick(['quiet', 'moderate', 'loud'] as const),
    roomKind,
    studentRate: rng.chance(0.6) ? 48000 : 44100,
    client: twoWay
      ? rng.pick(['web48', 'web48', 'web44'] as const)
      : rng.pick(['web48', 'web48', 'web44', 'flutter16'] as const),
    band:
      variant === 'weak_speaker'
        ? rng.chance(0.5)
          ? 'low'
          : 'default'
        : rng.chance(0.2)
          ? 'low'
          : 'default',
  };
  if (twoWay) {
    spec.teacherRollOffHz = rng.uniform(15000, 22000);
    // The product's rule (presence-0016): a session with the two-way check plays its tone at most
    // up to 19 kHz (`twoWayToneConfig`), whatever band the institution drew. Drawn above first so
    // every other draw stays where it was.
    spec.band = 'low';
  }
  return spec;
}

/**
 * Exactly `perClass` cases of each class in `classes`, deterministic from the seed and the class
 * alone: a class's cases do not depend on which other classes run, so a long evaluation can be
 * split by class (sharded) and resumed.
 */
export function planProofCasesByClass(
  perClass: number,
  seed: number,
  classes: readonly ProofCaseClass[] = PROOF_CLASSES,
): ProofCaseSpec[] {
  const specs: ProofCaseSpec[] = [];
  for (const cls of classes) {
    const rng = new Rng(seed * 7919 + 104729 * (PROOF_CLASSES.indexOf(cls) + 1));
    for (let i = 0; i < perClass; i++) specs.push(planOne(rng, cls, `${cls}-${String(i).padStart(5, '0')}`));
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
  const drawn =
    spec.band === 'low' ? LOW_BAND : spec.band === 'widest' ? WIDEST_BAND : DEFAULT_SCHEDULE_CONFIG;
  const config = TWO_WAY_CLASSES.includes(spec.cls) ? twoWayToneConfig(drawn) : drawn;
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
  high: { band: Float32Array; rollOffHz: number } | null = null,
): TeacherChunk[] {
  const low = renderLowBand(rng, scene, 'teacher');
  const mic = randomMic(rng, false);
  const rate = client === 'web48' ? 48000 : client === 'web44' ? 44100 : 16000;
  let samples: Float32Array;
  if (high) {
    // Two-way cases: the microphone hears the tone band too (the challenge), through its roll-off.
    samples = captureMic(rng, combineBands(low, high.band), { ...mic, rollOffHz: high.rollOffHz }, rate);
  } else {
    const gain = dbToGain(mic.sensitivityDb);
    const noise = dbToGain(mic.selfNoiseDb - 94);
    const pressure = rate === LOW_RATE ? low : resample(low, LOW_RATE, rate);
    samples = pressure.map((v) => Math.max(-1, Math.min(1, (v + noise * rng.normal()) * gain)));
  }
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

/** A sound in the teacher's room above 8 kHz, on the world's 48 kHz timeline. */
interface RoomEmission {
  signal: Float32Array;
  /** Level at 1 m of a full-scale sample, dB SPL. */
  levelDb: number;
  distanceM: number;
  directLossDb: number;
}

/** Places `signal` on the world's 48 kHz timeline at `atS` seconds (cut at both ends). */
function onWorld(signal: Float32Array, atS: number): Float32Array {
  const out = new Float32Array(WORLD_S * HIGH_RATE);
  const first = Math.round(atS * HIGH_RATE);
  for (let i = Math.max(0, -first); i < signal.length && first + i < out.length; i++)
    out[first + i] = signal[i]!;
  return out;
}

/** The tone band at the teacher's microphone: direct paths of every emission plus one diffuse tail. */
function teacherHighBand(rng: Rng, room: Room, emissions: RoomEmission[]): Float32Array {
  const out = new Float32Array(WORLD_S * HIGH_RATE);
  const radiated = new Float32Array(out.length);
  for (const e of emissions) {
    const gain = dbToGain(e.levelDb - 94);
    const d = Math.max(0.3, e.distanceM);
    const scaled = e.signal.map((v) => v * gain);
    addDirect(out, scaled, HIGH_RATE, d, dbToGain(-e.directLossDb) / d);
    for (let i = 0; i < out.length; i++) radiated[i] = radiated[i]! + scaled[i]!;
  }
  const tail = reverberate(
    radiated,
    HIGH_RATE,
    room,
    room.rt60HighS,
    rng,
    1 / criticalDistanceM(room, room.rt60HighS),
  );
  for (let i = 0; i < out.length; i++) out[i] = out[i]! + tail[i]!;
  return out;
}

/** A phone playing a challenge: full-scale level at 1 m (speakers lose some of it above 20 kHz). */
const phoneLevelDb = (rng: Rng): number => rng.uniform(62, 78) - rng.uniform(0, 10);
/** Off-axis loss plus air absorption near 20 kHz over the distance. */
const phoneLossDb = (rng: Rng, distanceM: number): number =>
  rng.uniform(0, 10) + distanceM * rng.uniform(0.2, 0.5);

/** Other students' phones playing their own attempts' challenges during the world (0-3 of them). */
function otherChallenges(rng: Rng, session: Session): RoomEmission[] {
  const config = challengeConfigFor(session.config);
  return Array.from({ length: rng.int(0, 3) }, (_, k) => ({
    signal: onWorld(
      synthesizeSpan(
        new ToneSchedule(deriveChallengeKey(session.keyHex, `other-${k}-${rng.int(0, 1e9)}`), config),
        0,
        CHALLENGE_SPAN_S,
        HIGH_RATE,
      ),
      rng.uniform(0, WORLD_S - CHALLENGE_SPAN_S),
    ),
    levelDb: phoneLevelDb(rng),
    distanceM: rng.uniform(1, 20),
    directLossDb: rng.uniform(0, 10) + 10 * rng.uniform(0.2, 0.5),
  }));
}

/** The teacher's own speaker, next to its microphone, playing the schedule over the whole world. */
function teacherOwnTone(
  rng: Rng,
  session: Session,
  worldStartMs: number,
  gain: (hz: number) => number,
): RoomEmission {
  const s0 = (worldStartMs - session.originMs) / 1000;
  return {
    signal: synthesizeSpan(session.timeline, s0, WORLD_S, HIGH_RATE, { gainAtHz: gain }),
    levelDb: rng.uniform(64, 84),
    distanceM: rng.uniform(0.3, 1),
    directLossDb: rng.uniform(0, 6),
  };
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
  const twoWay = TWO_WAY_CLASSES.includes(spec.cls);
  // Two-way cases render the teacher's stream last: it must hear what the phones play.
  const chunksNow = twoWay ? null : teacherStream(rng, scene, spec.client, worldStartMs, gap);
  const speaker = speakerGain(rng, spec.variant === 'weak_speaker');
  // The attempt's challenge, played by the recording phone from e ms after its recording starts
  // (browser output minus input latency); heard by the phone itself at 10 cm.
  const challenge = twoWay
    ? synthesizeSpan(
        new ToneSchedule(deriveChallengeKey(session.keyHex, spec.id), challengeConfigFor(session.config)),
        0,
        CHALLENGE_SPAN_S,
        HIGH_RATE,
      )
    : null;
  const emissionS = rng.uniform(-0.05, 0.25);
  const phoneDb = phoneLevelDb(rng);
  const roomEmissions: RoomEmission[] = [];
  const ours = spec.client !== 'flutter16';
  const clockErr = ours ? rng.uniform(-100, 100) : rng.uniform(-1500, 1500);
  let claimedStartMs = R + clockErr;
  const studentMic = studentMicFor(rng, spec);
  const liveTone = (fromMs: number): Float32Array => toneSource(session, fromMs, RECORD_S, speaker);
  let pressure: Float32Array;
  let digital: { fromMs: number } | null = null;
  switch (spec.cls) {
    case 'present':
    case 'present2w':
      pressure = pressureIn(rng, scene, liveTone(R), distance);
      if (challenge) {
        roomEmissions.push({
          signal: onWorld(challenge, WINDOW_START_S + emissionS),
          levelDb: phoneDb,
          distanceM: distance,
          directLossDb: phoneLossDb(rng, distance),
        });
      }
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
    case 'T2f2w':
    case 'T2fcall':
    case 'T2T4': {
      const latencyS = rng.uniform(0.1, 0.6);
      const friend = pressureIn(rng, scene, liveTone(R - latencyS * 1000), distance, -latencyS);
      const captured = captureMic(rng, friend, randomMic(rng, false), HIGH_RATE);
      let relayed: Float32Array;
      if (spec.cls === 'T2f' || spec.cls === 'T2f2w' || spec.cls === 'T2fcall')
        relayed = fullBandCodec(rng, captured);
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
      if (spec.variant.endsWith('_compensated')) claimedStartMs -= latencyS * 1000;
      if (spec.cls === 'T2fcall' && challenge) {
        // The call is two-way: the home phone's challenge goes up the call (its own latency and
        // codec) and a colluding phone on speaker in the room plays it where the friend sits.
        const upS = rng.uniform(0.1, 0.6);
        roomEmissions.push({
          signal: fullBandCodec(rng, onWorld(challenge, WINDOW_START_S + emissionS + upS)),
          levelDb: phoneDb - rng.uniform(0, 12),
          distanceM: distance,
          directLossDb: phoneLossDb(rng, distance),
        });
      }
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
  if (challenge) {
    // The recording phone hears its own challenge (present or at home) from 10 cm.
    const own = onWorld(challenge, emissionS).subarray(0, pressure.length);
    addDirect(pressure, own, HIGH_RATE, 0.1, dbToGain(phoneDb - 94) / 0.1);
  }
  const chunks =
    chunksNow ??
    teacherStream(rng, scene, spec.client, worldStartMs, gap, {
      band: teacherHighBand(rng, room, [
        teacherOwnTone(rng, session, worldStartMs, speaker),
        ...roomEmissions,
        ...otherChallenges(rng, session),
      ]),
      rollOffHz: spec.teacherRollOffHz ?? 20000,
    });
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
      ...(twoWay ? { challenge: { attemptId: spec.id } } : {}),
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
