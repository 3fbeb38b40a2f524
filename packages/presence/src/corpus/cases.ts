import { Rng } from '../dsp/random';
import { resample } from '../dsp/resample';
import { randomToneParams } from '../tone/create-session-tone';
import type { ToneParams } from '../tone/tone-params';
import type { VerifyInput } from '../verify/verify-presence';
import type { TeacherChunk } from '../verify/teacher-chunks';
import { encodePcm16, encodeWav } from '../wav/encode-wav';
import { addDirect, criticalDistanceM, dbToGain, randomRoom, reverberate, rms, type Room } from './room';
import {
  HIGH_RATE,
  LOW_RATE,
  captureMic,
  combineBands,
  renderHighBand,
  renderLowBand,
  sceneNoise,
  talker,
  type MicModel,
  type Scene,
} from './world';

/** Ground truth of a case: a present student or one attack class of design/presence.md. */
export type CaseClass = 'present' | 'T1' | 'T2' | 'T3' | 'T4';
export type NoiseLevel = 'quiet' | 'moderate' | 'loud';
export type TeacherClient = 'web48' | 'web44' | 'flutter16';

/** The drawn parameters of one case (cheap to plan; `renderCase` turns it into audio). */
export interface CaseSpec {
  id: string;
  seed: number;
  cls: CaseClass;
  variant: string;
  /** Student (or relaying friend) distance from the teacher's speaker, m. */
  distanceM: number | null;
  noise: NoiseLevel;
  roomKind: Room['kind'];
  studentRate: 44100 | 48000;
  teacherClient: TeacherClient;
  /** True start of the recording minus the `start_time` the client sent (clock skew), ms. */
  skewMs: number;
  clipped: boolean;
}

/** A rendered case: the verifier's input plus the session tone file, and the truth. */
export interface CorpusCase {
  spec: CaseSpec;
  input: VerifyInput;
}

const WORLD_S = 10;
const WINDOW_START_S = 2.5;
const RECORD_S = 5;
const CLASSROOM = { latitude: 19.07283, longitude: 72.88261 };

const ATTACK_VARIANTS: Record<Exclude<CaseClass, 'present'>, readonly string[]> = {
  T1: ['home_tv', 'silence', 'speech_only', 'other_classroom'],
  T2: ['relay_8k', 'relay_16k', 'relay_24k', 'relay_32k'],
  T3: ['other_session', 'same_session_earlier'],
  T4: ['tone_at_home_quiet', 'tone_at_home_tv'],
};

/**
 * Plans `count` cases from `seed`: 40 % present students (1-20 m, three noise levels, 5 % of them in
 * a silent room), 15 % of each attack class T1-T4 spread evenly over its variants. Deterministic:
 * the same seed and count give the same cases.
 */
export function planCases(count: number, seed: number): CaseSpec[] {
  const rng = new Rng(seed);
  const specs: CaseSpec[] = [];
  for (let i = 0; i < count; i++) {
    const r = rng.next();
    const cls: CaseClass = r < 0.4 ? 'present' : r < 0.55 ? 'T1' : r < 0.7 ? 'T2' : r < 0.85 ? 'T3' : 'T4';
    const distanceM = rng.uniform(1, 20);
    const roomKind: Room['kind'] =
      distanceM > 14
        ? 'hall'
        : distanceM > 8
          ? rng.pick(['medium', 'hall'] as const)
          : rng.pick(['small', 'medium', 'hall'] as const);
    const variant =
      cls === 'present' ? (rng.chance(0.05) ? 'silent_room' : 'lecture') : rng.pick(ATTACK_VARIANTS[cls]);
    specs.push({
      id: `case-${String(i).padStart(5, '0')}`,
      seed: rng.seed(),
      cls,
      variant,
      distanceM: cls === 'present' || cls === 'T2' || cls === 'T3' ? distanceM : null,
      noise: rng.pick(['quiet', 'moderate', 'loud'] as const),
      roomKind,
      studentRate: rng.chance(0.6) ? 48000 : 44100,
      teacherClient: rng.pick(['web48', 'web48', 'web44', 'flutter16'] as const),
      skewMs: Math.round(rng.uniform(-1500, 1500)),
      clipped: cls === 'present' && rng.chance(0.08),
    });
  }
  return specs;
}

export function classScene(
  rng: Rng,
  room: Room,
  noise: NoiseLevel,
  distanceM: number,
  lecturer: boolean,
): Scene {
  const talkers = [];
  if (lecturer)
    talkers.push(
      talker(rng, WORLD_S, rng.uniform(62, 72), distanceM * rng.uniform(0.85, 1.15), rng.uniform(0.5, 2.5)),
    );
  const chatter = noise === 'quiet' ? 0 : noise === 'moderate' ? rng.int(2, 4) : rng.int(5, 8);
  for (let k = 0; k < chatter; k++) {
    const near = noise === 'loud' && k === 0;
    talkers.push(
      talker(
        rng,
        WORLD_S,
        rng.uniform(noise === 'loud' ? 52 : 48, noise === 'loud' ? 60 : 56),
        near ? rng.uniform(1, 2) : rng.uniform(2, 8),
        rng.uniform(3, 14),
      ),
    );
  }
  const hvac =
    noise === 'quiet'
      ? rng.uniform(33, 42)
      : noise === 'moderate'
        ? rng.uniform(38, 46)
        : rng.uniform(40, 50);
  const streetChance = noise === 'quiet' ? 0.2 : noise === 'moderate' ? 0.3 : 0.4;
  const street = rng.chance(streetChance) ? rng.uniform(44, noise === 'loud' ? 62 : 54) : null;
  return {
    room,
    seconds: WORLD_S,
    talkers: lecturer || chatter > 0 ? talkers : [],
    ...sceneNoise(rng, WORLD_S, hvac, street),
    transientsPerSecond: noise === 'quiet' ? 0.3 : noise === 'moderate' ? 1 : 2,
    transientDb: rng.uniform(45, noise === 'loud' ? 62 : 55),
  };
}

export function homeScene(rng: Rng, tv: boolean, ownVoice: boolean): Scene {
  const room = randomRoom(rng, 'home');
  const talkers = [];
  if (tv) talkers.push(talker(rng, WORLD_S, rng.uniform(55, 66), rng.uniform(1.5, 4), 10));
  if (ownVoice) talkers.push(talker(rng, WORLD_S, rng.uniform(58, 66), rng.uniform(0.3, 0.5), 10));
  return {
    room,
    seconds: WORLD_S,
    talkers,
    ...sceneNoise(rng, WORLD_S, rng.uniform(25, 38), rng.chance(0.3) ? rng.uniform(40, 52) : null),
    transientsPerSecond: 0.3,
    transientDb: rng.uniform(40, 52),
  };
}

export function randomMic(rng: Rng, overdrive: boolean): MicModel {
  return {
    sensitivityDb: rng.uniform(-44, -34),
    rollOffHz: rng.uniform(15000, 18000),
    selfNoiseDb: rng.uniform(28, 36),
    overdriveDb: overdrive ? rng.uniform(22, 32) : 0,
  };
}

/** Sound pressure (48 kHz) at a position in a scene for the student's window, shifted by `shiftS`. */
function pressureAt(
  rng: Rng,
  scene: Scene,
  tone: ToneParams | null,
  distanceM: number,
  shiftS = 0,
): Float32Array {
  // Laptop speakers at full volume in classrooms; halls play through the room's PA system.
  const toneDb = scene.room.kind === 'hall' ? rng.uniform(72, 84) : rng.uniform(64, 78);
  const low = renderLowBand(rng, scene, 'student');
  const from = Math.round((WINDOW_START_S + shiftS) * LOW_RATE);
  const lowWindow = low.slice(from, from + RECORD_S * LOW_RATE);
  const high = renderHighBand(
    rng,
    scene.room,
    RECORD_S,
    tone
      ? {
          params: tone,
          levelDb: toneDb,
          distanceM,
          directLossDb: rng.uniform(0, 8) + distanceM * rng.uniform(0.1, 0.3),
          loopOffsetS: rng.next(),
        }
      : null,
    scene.transientsPerSecond,
    scene.transientDb,
  );
  return combineBands(lowWindow, high);
}

function teacherChunks(rng: Rng, scene: Scene, client: TeacherClient, epochMs: number): TeacherChunk[] {
  const low = renderLowBand(rng, scene, 'teacher');
  const mic = randomMic(rng, false);
  const rate = client === 'web48' ? 48000 : client === 'web44' ? 44100 : 16000;
  const gain = dbToGain(mic.sensitivityDb);
  const noise = dbToGain(mic.selfNoiseDb - 94);
  const pressure = rate === LOW_RATE ? low : resample(low, LOW_RATE, rate);
  const samples = pressure.map((v) => Math.max(-1, Math.min(1, (v + noise * rng.normal()) * gain)));
  const chunks: TeacherChunk[] = [];
  for (let k = 0; k < WORLD_S; k++) {
    const part = samples.subarray(k * rate, (k + 1) * rate);
    if (client === 'flutter16') {
      // Flutter sends a WAV per second, stamped with its send time (end of the second, jittered).
      chunks.push({
        timestampMs: epochMs + (k + 1) * 1000 + Math.round(rng.uniform(5, 120)),
        bytes: encodeWav(part, rate),
      });
    } else {
      chunks.push({ timestampMs: epochMs + k * 1000, bytes: encodePcm16(part) });
    }
  }
  return chunks;
}

export function playAtHome(
  rng: Rng,
  home: Scene,
  played: Float32Array,
  playedDb: number,
  distanceM: number,
): Float32Array {
  // `played` is a 48 kHz signal leaving a loudspeaker at home; returns pressure at the phone.
  const homeLow = renderLowBand(rng, home, 'student');
  const from = Math.round(WINDOW_START_S * LOW_RATE);
  const high = renderHighBand(rng, home.room, RECORD_S, null, home.transientsPerSecond, home.transientDb);
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

/**
 * Renders one planned case to a `VerifyInput`: the session tone, the teacher's chunk stream of the
 * lecture (web raw PCM16 at 48/44.1 kHz or Flutter 16 kHz WAV), the student's WAV for the class's
 * scenario, the clock-skewed `start_time` and a GPS position (attackers spoof one inside the
 * geofence, so the acoustic checks alone must stop them).
 */
export function renderCase(spec: CaseSpec): CorpusCase {
  const rng = new Rng(spec.seed);
  const tone = randomToneParams({ seed: rng.seed() });
  const room = randomRoom(rng, spec.roomKind);
  const distance = spec.distanceM ?? rng.uniform(2, 12);
  const lecturer = spec.variant !== 'silent_room';
  const scene = classScene(
    rng,
    room,
    spec.variant === 'silent_room' ? 'quiet' : spec.noise,
    distance,
    lecturer,
  );
  const epochMs = 1_763_800_000_000 + Math.floor(rng.uniform(0, 1e9));
  const chunks = teacherChunks(rng, scene, spec.teacherClient, epochMs);
  const studentMic = randomMic(rng, spec.clipped);
  let pressure: Float32Array;
  switch (spec.cls) {
    case 'present':
      pressure = pressureAt(rng, scene, tone, distance);
      break;
    case 'T1': {
      if (spec.variant === 'other_classroom') {
        const other = randomRoom(rng, rng.pick(['small', 'medium', 'hall'] as const));
        pressure = pressureAt(rng, classScene(rng, other, spec.noise, distance, true), null, distance);
      } else {
        const home = homeScene(rng, spec.variant === 'home_tv', spec.variant === 'speech_only');
        pressure = pressureAt(rng, home, null, 1);
      }
      break;
    }
    case 'T2': {
      const relayRate = Number(spec.variant.replace('relay_', '').replace('k', '')) * 1000;
      const delayS = rng.uniform(0.15, 0.6);
      const friend = pressureAt(rng, scene, tone, distance, -delayS);
      const friendMic = randomMic(rng, false);
      const captured = captureMic(rng, friend, friendMic, HIGH_RATE);
      const relayed = resample(resample(captured, HIGH_RATE, relayRate), relayRate, HIGH_RATE);
      const home = homeScene(rng, false, false);
      pressure = playAtHome(rng, home, relayed, rng.uniform(58, 68), rng.uniform(0.3, 1));
      break;
    }
    case 'T3': {
      if (spec.variant === 'other_session') {
        const otherTone = randomToneParams({ seed: rng.seed() });
        const otherRoom = randomRoom(rng, spec.roomKind);
        pressure = pressureAt(
          rng,
          classScene(rng, otherRoom, spec.noise, distance, true),
          otherTone,
          distance,
        );
      } else {
        // Recorded earlier in this lecture: same room and tone, different moment.
        pressure = pressureAt(rng, classScene(rng, room, spec.noise, distance, true), tone, distance);
      }
      break;
    }
    case 'T4': {
      const home = homeScene(rng, spec.variant === 'tone_at_home_tv', false);
      const toneS = pressureAt(
        rng,
        { ...home, talkers: [], hvacDb: -100, streetDb: null, transientsPerSecond: 0 },
        tone,
        rng.uniform(0.5, 3),
      );
      pressure = pressureAt(rng, home, null, 1);
      for (let i = 0; i < pressure.length; i++) pressure[i] = pressure[i]! + toneS[i]!;
      break;
    }
  }
  const samples = captureMic(rng, pressure, studentMic, spec.studentRate);
  const bearing = rng.uniform(0, 2 * Math.PI);
  const offsetM = rng.uniform(0, 40);
  return {
    spec,
    input: {
      tone,
      studentWav: encodeWav(samples, spec.studentRate),
      studentStartMs: epochMs + WINDOW_START_S * 1000 - spec.skewMs,
      teacherChunks: chunks,
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
