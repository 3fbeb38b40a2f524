// The session tone's schedule, safe for browsers (no Node imports): the teacher's web client
// imports `@rollbook/presence/schedule` to synthesise the tone live from the key it receives.
export { hmacSha256, sha256, toHex, fromHex } from './sha256';
export {
  CHIRP_SHAPES,
  DEFAULT_SCHEDULE_CONFIG,
  LoopedSchedule,
  ToneSchedule,
  createSessionKey,
  parseScheduleConfig,
  slotBand,
  timelineConfig,
} from './tone-schedule';
export type { ChirpShape, ChirpTimeline, ScheduledChirp, ToneScheduleConfig } from './tone-schedule';
export {
  chirpFrequencyHz,
  encodeScheduleFile,
  scheduledChirpPhase,
  shapeProgress,
  synthesizeSpan,
} from './synthesize-span';
export type { SpanOptions } from './synthesize-span';
export { LECTURE_FILE_RATE, lectureToneFileBytes, lectureToneFilePieces } from './lecture-tone-file';
