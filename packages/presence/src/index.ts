// Public API of the proof-of-presence engine. Pure TypeScript; the pool is Node-only.
// v2 (issue 17): the secret time-locked schedule and `verifyProof`; see packages/presence/README.md.
// v1 (`verifyPresence`, the looped public tone) stays for sessions and decisions made before v2.
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
export { keptTeacherBand, openStoredTeacherChunks, packTeacherChunk } from './verify/stored-teacher-chunk';
export type { KeptBand } from './verify/stored-teacher-chunk';
export type { TeacherChunk } from './verify/teacher-chunks';
export { verifyPresence } from './verify/verify-presence';
export type { VerifyInput, VerifyResult, VerifyTimings } from './verify/verify-presence';
export { BLOCKING_REASONS, NOTE_REASONS, isBlockingReason } from './verify/reasons';
export type { ReasonCode, BlockingReason, NoteReason } from './verify/reasons';
export { createVerifierPool } from './pool/verifier-pool';
export { spawnTsWorker } from './pool/spawn-ts-worker';
export { workerEntry } from './pool/worker-entry';
export type { VerifierPool, VerifierPoolOptions, VerifierPoolStats } from './pool/verifier-pool';
export type { WorkerWarmUpReport } from './pool/pool-protocol';
export { lowerThreadPriority, priorityShortfall, type ThreadPriorityOutcome } from './pool/thread-priority';

// v2: the secret, time-locked tone and the verification built on it.
export * from './schedule/index';
export { correlateChirps } from './detect/chirp-correlations';
export type { ChirpCorrelations } from './detect/chirp-correlations';
export { DEFAULT_SEARCH_TUNING, timeLockedSearch } from './detect/time-locked-search';
export { crossTalkTable } from './detect/cross-talk';
export type { CrossTalkInterval } from './detect/cross-talk';
export type {
  EventReading,
  ExpectedChirp,
  SearchRange,
  SearchTuning,
  TimeLockedMatch,
  UnexplainedChirp,
} from './detect/time-locked-search';
export { verifyProof } from './proof/verify-proof';
export type { ProofInput, ProofResult, TeacherAudioInput } from './proof/verify-proof';
export { recordingWindow } from './proof/timing-window';
export type { RecordingWindow, SessionToneInput, TonePlayback, UploadTiming } from './proof/timing-window';
export { DEFAULT_PROOF_THRESHOLDS, resolveProofThresholds } from './proof/proof-thresholds';
export type { ProofThresholds } from './proof/proof-thresholds';
export {
  ABSENT_REASONS,
  NOTE_PROOF_REASONS,
  PROOF_CHECKS,
  REVIEW_REASONS,
  verdictOf,
} from './proof/proof-reasons';
export type { ProofCheck, ProofCheckName, ProofReason, ProofVerdict } from './proof/proof-reasons';
export { checkToneLevel, locateFilePhase } from './proof/tone-level';
export { FILE_PLAY_DELAY_MAX_MS, fileStartFromFetch, type FileFetch } from './proof/file-fetch';
export { teacherToneLevel } from './proof/teacher-tone-level';
export type { TeacherToneLevelInput } from './proof/teacher-tone-level';
export { rawTeacherSpan } from './verify/raw-teacher-span';
export type { RawTeacherSpan } from './verify/raw-teacher-span';
export { challengeBandGate } from './proof/challenge-band';
export type { ChallengeBandGate } from './proof/challenge-band';
// The two-way challenge (item 4): the sequence (browser-safe, also `@rollbook/presence/challenge`)
// and its check in the teacher's stream.
export * from './challenge/index';
export { checkChallenge } from './proof/challenge-check';
export type { ChallengeContext, ChallengeDetails, ChallengeInput } from './proof/challenge-check';
export { teacherSamples } from './proof/teacher-samples';
export type { TeacherSamples } from './proof/teacher-samples';
export { toneAnchoredStartMs } from './proof/timing-window';
export type { ToneLevelReport } from './proof/tone-level';
export { checkGeofence } from './verify/recording-checks';
