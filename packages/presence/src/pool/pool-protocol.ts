import type { ProofInput, ProofResult } from '../proof/verify-proof';
import type { VerifyInput, VerifyResult } from '../verify/verify-presence';

/** Message from the pool to a worker: one verification, v1 (`verifyPresence`) or v2 (`verifyProof`). */
export type VerifyRequest =
  { id: number; kind: 'v1'; input: VerifyInput } | { id: number; kind: 'v2'; input: ProofInput };

/** Serialisable form of an error thrown inside a worker. */
export interface SerializedError {
  name: string;
  message: string;
  code?: string;
}

/** Message from a worker back to the pool. */
export type VerifyResponse =
  | { id: number; ok: true; result: VerifyResult | ProofResult }
  | { id: number; ok: false; error: SerializedError };
