import { BAND_COUNT, FRAME_S, bandEnvelopes, frameCount } from '../metrics/band-envelopes';
import { matchAmbient, type AmbientMatch } from '../metrics/ambient-match';
import { matchTone, type ToneMatch } from '../metrics/tone-match';
import { resolveThresholds, type Thresholds } from '../thresholds';
import { parseToneParams, type ToneParams } from '../tone/tone-params';
import { decodeWav } from '../wav/decode-wav';
import { isBlockingReason, type ReasonCode } from './reasons';
import { checkGeofence, fractionClipped } from './recording-checks';
import { teacherFeatureGrid, teacherWindow, type TeacherChunk } from './teacher-chunks';

/** Everything one verification needs; the server builds it from the request and its buffers. */
export interface VerifyInput {
  tone: ToneParams;
  studentWav: Uint8Array;
  /** `start_time` from the client: epoch ms captured just before recording started. */
  studentStartMs: number;
  /** Teacher chunks around the window (extra chunks are ignored; see `teacherWindow`). */
  teacherChunks: readonly TeacherChunk[];
  position?: { latitude: number; longitude: number; accuracyM?: number };
  classroom?: { latitude: number; longitude: number; radiusM?: number };
  thresholds?: Partial<Thresholds>;
  /** Reuse per-chunk teacher features across calls (default true; benchmarks turn it off). */
  cacheTeacherFeatures?: boolean;
}

/** Stage timings of one verification, milliseconds. */
export interface VerifyTimings {
  decodeMs: number;
  toneMs: number;
  ambientMs: number;
  totalMs: number;
}

/** The stored metrics, the verdict and why. Field names match the attendance row. */
export interface VerifyResult {
  ncc: number;
  magnitude: number;
  similarity: number | null;
  euclidean_distance: number | null;
  gps_distance: number | null;
  verdict: 'present' | 'absent';
  reasons: ReasonCode[];
  /** Extra evidence for audits (per-chirp correlations, alignment, durations). */
  details: {
    sampleRate: number;
    durationS: number;
    perChirpNcc: number[];
    loopPhaseS: number;
    ambientLagMs: number | null;
    teacherCoverage: number | null;
    teacherActivityDb: number | null;
    clippedFraction: number;
  };
  timings: VerifyTimings;
}

// Longest stretch of the recording compared with the teacher (clients send 5 s).
const MAX_AMBIENT_S = 6;

/**
 * Verifies one student's proof of presence: decodes the WAV (throws `PresenceInputError` if it is
 * not usable audio), matches the session tone (`ncc`, `magnitude`), compares the ambient sound with
 * the teacher's microphone over the same wall-clock window (`similarity`, `euclidean_distance`;
 * null when no teacher audio covers it), checks the geofence (`gps_distance`) and combines them:
 * the verdict is `present` exactly when no blocking reason was found. Pure and synchronous; run it
 * in the worker pool on a server.
 */
export function verifyPresence(input: VerifyInput): VerifyResult {
  const t0 = performance.now();
  const thresholds = resolveThresholds(input.thresholds);
  const tone = parseToneParams(input.tone);
  const audio = decodeWav(input.studentWav);
  const { samples, sampleRate } = audio;
  const durationS = samples.length / sampleRate;
  const reasons: ReasonCode[] = [];
  const clippedFraction = fractionClipped(samples);
  const t1 = performance.now();

  if (durationS < thresholds.minRecordingS) reasons.push('recording_too_short');
  if (clippedFraction > thresholds.clipFraction) reasons.push('clipped_recording');

  const toneMatch: ToneMatch = matchTone(samples, sampleRate, tone);
  if (!toneMatch.bandCaptured) reasons.push('tone_band_not_captured');
  else {
    const weakest = Math.min(...toneMatch.perChirp);
    if (toneMatch.ncc < thresholds.nccMin || weakest < thresholds.nccMin * thresholds.chirpBalance) {
      reasons.push('tone_not_detected');
    }
    if (toneMatch.magnitude < thresholds.magnitudeMin) reasons.push('tone_too_weak');
  }
  const t2 = performance.now();

  const ambient = compareWithTeacher(input, samples, sampleRate, durationS, thresholds);
  if (!ambient) reasons.push('no_teacher_audio');
  else if (ambient.similarity < thresholds.similarityMin) reasons.push('ambient_mismatch');
  const t3 = performance.now();

  const geofence = checkGeofence(input.position, input.classroom, thresholds);
  if (geofence.reason) reasons.push(geofence.reason);
  const gpsDistance = geofence.distanceM;
  const t4 = performance.now();
  return {
    ncc: toneMatch.ncc,
    magnitude: toneMatch.magnitude,
    similarity: ambient ? ambient.similarity : null,
    euclidean_distance: ambient ? ambient.euclideanDistance : null,
    gps_distance: gpsDistance,
    verdict: reasons.some(isBlockingReason) ? 'absent' : 'present',
    reasons,
    details: {
      sampleRate,
      durationS,
      perChirpNcc: toneMatch.perChirp,
      loopPhaseS: toneMatch.loopPhaseS,
      ambientLagMs: ambient ? ambient.lagFrames * FRAME_S * 1000 : null,
      teacherCoverage: ambient ? ambient.coverage : null,
      teacherActivityDb: ambient ? ambient.teacherActivityDb : null,
      clippedFraction,
    },
    timings: { decodeMs: t1 - t0, toneMs: t2 - t1, ambientMs: t3 - t2, totalMs: t4 - t0 },
  };
}

function compareWithTeacher(
  input: VerifyInput,
  samples: Float32Array,
  sampleRate: number,
  durationS: number,
  thresholds: Thresholds,
): AmbientMatch | null {
  const usedS = Math.min(durationS, MAX_AMBIENT_S);
  const durationMs = usedS * 1000;
  const chunks = teacherWindow(
    input.teacherChunks,
    input.studentStartMs,
    durationMs,
    thresholds.maxClockSkewMs,
  );
  if (chunks.length === 0) return null;
  const frameMs = FRAME_S * 1000;
  const lagFrames = Math.ceil(thresholds.maxClockSkewMs / frameMs);
  // The grid starts one lag range (plus one frame of rounding) before the recording.
  const leadFrames = lagFrames + 1;
  const gridStartMs = input.studentStartMs - leadFrames * frameMs;
  const studentFrames = frameCount(Math.floor(usedS * sampleRate), sampleRate);
  const grid = teacherFeatureGrid(
    chunks,
    gridStartMs,
    studentFrames + 2 * leadFrames,
    input.cacheTeacherFeatures ?? true,
  );
  const student = bandEnvelopes(samples, sampleRate, 0, studentFrames);
  if (student.length < BAND_COUNT) return null;
  return matchAmbient(student, grid, leadFrames, lagFrames, thresholds.minTeacherCoverage);
}
