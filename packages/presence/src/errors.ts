// Typed errors so callers (the HTTP layer, the pool, the CLI) can map failures without string matching.

/** Stable codes for malformed or unusable audio input. */
export type PresenceInputErrorCode =
  | 'empty_input'
  | 'not_riff'
  | 'not_wave'
  | 'missing_fmt'
  | 'bad_fmt'
  | 'unsupported_format'
  | 'unsupported_bit_depth'
  | 'bad_sample_rate'
  | 'bad_channel_count'
  | 'missing_data'
  | 'no_samples'
  | 'odd_pcm_length'
  | 'bad_tone_params';

/**
 * Thrown for audio or parameters the engine cannot use (not a WAV, unsupported encoding, no
 * samples, invalid tone parameters). The server maps it to a 400 "Invalid audio"; `code` is
 * machine-readable and stable.
 */
export class PresenceInputError extends Error {
  readonly code: PresenceInputErrorCode;

  constructor(code: PresenceInputErrorCode, message: string) {
    super(message);
    this.name = 'PresenceInputError';
    this.code = code;
  }
}

/**
 * Thrown (as a rejected promise) by the verifier pool when its queue is full. The server maps it to
 * a 503 with a retry hint; nothing already queued is dropped.
 */
export class PresenceOverloadedError extends Error {
  readonly code = 'overloaded' as const;

  constructor(message: string) {
    super(message);
    this.name = 'PresenceOverloadedError';
  }
}

/** Thrown by the pool for verifications that could not run (worker crash, pool closed). */
export class PresenceWorkerError extends Error {
  readonly code: 'worker_failed' | 'pool_closed';

  constructor(code: 'worker_failed' | 'pool_closed', message: string) {
    super(message);
    this.name = 'PresenceWorkerError';
    this.code = code;
  }
}
