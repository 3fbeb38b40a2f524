import type { VerifyInput, VerifyResult } from '../verify/verify-presence';

/** Message from the pool to a worker: one verification. */
export interface VerifyRequest {
  id: number;
  input: VerifyInput;
}

/** Serialisable form of an error thrown inside a worker. */
export interface SerializedError {
  name: string;
  message: string;
  code?: string;
}

/** Message from a worker back to the pool. */
export type VerifyResponse =
  { id: number; ok: true; result: VerifyResult } | { id: number; ok: false; error: SerializedError };
