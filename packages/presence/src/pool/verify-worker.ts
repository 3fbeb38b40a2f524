// Worker entry: runs verifications (and tone-level checks) posted by the pool, one at a time, and
// answers each by id.
import { parentPort, workerData } from 'node:worker_threads';
import { PresenceInputError } from '../errors';
import { teacherToneLevel } from '../proof/teacher-tone-level';
import { verifyProof } from '../proof/verify-proof';
import { verifyPresence } from '../verify/verify-presence';
import { unpackChunks } from './packed-chunks';
import type {
  VerifyRequest,
  VerifyResponse,
  WorkerSettings,
  WorkerStartedNotice,
  WorkerWarmedUpNotice,
  WorkerWarmUpReport,
} from './pool-protocol';
import { lowerThreadPriority } from './thread-priority';
import { warmUpVerifier } from './warm-up';

if (!parentPort) throw new Error('verify-worker must run in a worker thread');
const port = parentPort;
const settings = workerData as WorkerSettings;
// Before any work: the verifications of a burst must not take the event loop's CPU (presence-0020).
const started: WorkerStartedNotice = { notice: 'started', priority: lowerThreadPriority(settings.niceness) };
port.postMessage(started);
// Then, at that priority, the verifier's first-call cost on a made-up proof rather than on the first
// student's (presence-0022). The pool sends no work until it has this notice.
if (settings.warmUp) {
  let report: WorkerWarmUpReport;
  try {
    report = { ok: true, ...warmUpVerifier() };
  } catch (err) {
    report = { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  const warmed: WorkerWarmedUpNotice = { notice: 'warmed-up', report };
  port.postMessage(warmed);
}

function run(request: VerifyRequest): Extract<VerifyResponse, { ok: true }>['result'] {
  switch (request.kind) {
    case 'v1':
      return verifyPresence(request.input);
    case 'v2':
      return verifyProof(request.input);
    case 'tone-level':
      return teacherToneLevel({ ...request.input, chunks: unpackChunks(request.input.chunks) });
  }
}

port.on('message', (request: VerifyRequest) => {
  let response: VerifyResponse;
  try {
    response = { id: request.id, ok: true, result: run(request) };
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
