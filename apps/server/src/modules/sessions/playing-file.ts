import { FILE_PHASE_TOLERANCE_MS, storedFilePhase } from './file-phase';
import { fetchedFileStart, storedFileFetches } from './tone-file-fetches';

/**
 * Where the original client's file started for a recording, and which file it is: located in the
 * teacher's stream (tight; the short loop, the only file the tracker looks for), else from the newest
 * download before the recording (loose; the short loop, or the app's lecture-long file from the
 * chirp then due, presence-0029), else null. A located phase is not used once the newest download
 * is a lecture-long file: that file is not the short loop the phase was found for, and after its
 * first pass through 180 s it would fail every recording on time.
 */
export function playingFileStart(
  toneParams: unknown,
  recordingStartMs: number,
): {
  startedMs: { min: number; max: number };
  heardInStream: boolean;
  loopS?: number;
  fromS?: number;
} | null {
  const fetched = fetchedFileStart(storedFileFetches(toneParams), recordingStartMs);
  const located = storedFilePhase(toneParams);
  if (located !== null && fetched?.loopS === undefined) {
    const startedMs = { min: located - FILE_PHASE_TOLERANCE_MS, max: located + FILE_PHASE_TOLERANCE_MS };
    return { startedMs, heardInStream: true };
  }
  return fetched ? { ...fetched, heardInStream: false } : null;
}
