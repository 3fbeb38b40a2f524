// Worker entry: runs verifications posted by the pool, one at a time, and answers each by id.
import { parentPort } from 'node:worker_threads';
import { PresenceInputError } from '../errors';
import { verifyProof } from '../proof/verify-proof';
import { verifyPresence } from '../verify/verify-presence';
import type { VerifyRequest, VerifyResponse } from './pool-protocol';

if (!parentPort) throw new Error('verify-worker must run in a worker thread');
const port = parentPort;

port.on('message', (request: VerifyRequest) => {
  let response: VerifyResponse;
  try {
    response = {
      id: request.id,
      ok: true,
      result: request.kind === 'v2' ? verifyProof(request.input) : verifyPresence(request.input),
    };
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    response = {
      id: request.id,
      ok: false,
      error: {
        name: error.name,
        message: error.message,
        ...(error instanceof PresenceInputError ? { code: error.code } : {}),
      },
    };
  }
  port.postMessage(response);
});
