// Public API of the proof-of-presence engine. Pure TypeScript; the pool is Node-only.
export { PresenceInputError, PresenceOverloadedError, PresenceWorkerError } from './errors';
export type { PresenceInputErrorCode } from './errors';
export { DEFAULT_THRESHOLDS, resolveThresholds } from './thresholds';
export type { Thresholds } from './thresholds';
export {
  createSessionTone,
  encodeToneWav,
  randomToneParams,
  readToneParamsFromWav,
} from './tone/create-session-tone';
export type { SessionToneOptions } from './tone/create-session-tone';
export { parseToneParams, toneBand } from './tone/tone-params';
export type { ChirpSpec, ToneParams } from './tone/tone-params';
export { synthesizeChirp, synthesizeToneLoop } from './tone/synthesize';
export { decodeWav } from './wav/decode-wav';
export type { DecodedAudio } from './wav/decode-wav';
export { decodeTeacherChunk } from './wav/decode-teacher-chunk';
export { encodeWav, encodePcm16 } from './wav/encode-wav';
export { haversineMeters } from './geo/haversine';
export type { LatLon } from './geo/haversine';
export { teacherWindow } from './verify/teacher-chunks';
export type { TeacherChunk } from './verify/teacher-chunks';
export { verifyPresence } from './verify/verify-presence';
export type { VerifyInput, VerifyResult, VerifyTimings } from './verify/verify-presence';
export { BLOCKING_REASONS, NOTE_REASONS, isBlockingReason } from './verify/reasons';
export type { ReasonCode, BlockingReason, NoteReason } from './verify/reasons';
export { createVerifierPool } from './pool/verifier-pool';
export { spawnTsWorker } from './pool/spawn-ts-worker';
export { workerEntry } from './pool/worker-entry';
export type { VerifierPool, VerifierPoolOptions, VerifierPoolStats } from './pool/verifier-pool';
