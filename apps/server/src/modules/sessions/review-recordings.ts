import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { newSlug } from '../../db/schema/columns';

/**
 * Folder of students' recordings kept for the teacher's review, inside the media folder. The media
 * plugin never serves it: a recording is personal data, played only to the session's teacher
 * through an authenticated call. The retention job removes the files with `recording_path`.
 */
export const RECORDINGS_FOLDER = 'recordings';

const RECORDING_PATH = /^recordings\/([A-Za-z0-9_-]{1,100})\/([A-Za-z0-9_-]{10,64})\.wav$/;

/** Where a stored recording lives on disk, or null for a path that is not one. */
function recordingFile(mediaDir: string, recordingPath: string): string | null {
  const match = RECORDING_PATH.exec(recordingPath);
  return match ? path.join(mediaDir, RECORDINGS_FOLDER, match[1]!, `${match[2]}.wav`) : null;
}

/** Writes a student's recording under an unguessable name; answers its `recording_path`. */
export async function storeRecording(mediaDir: string, sessionId: string, wav: Uint8Array): Promise<string> {
  const folder = sessionId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 100);
  const recordingPath = `${RECORDINGS_FOLDER}/${folder}/${newSlug()}.wav`;
  await mkdir(path.join(mediaDir, RECORDINGS_FOLDER, folder), { recursive: true });
  await writeFile(recordingFile(mediaDir, recordingPath)!, wav);
  return recordingPath;
}

/** A stored recording's bytes, or null when it is gone (removed by retention, or never stored). */
export async function readRecording(mediaDir: string, recordingPath: string): Promise<Uint8Array | null> {
  const file = recordingFile(mediaDir, recordingPath);
  if (!file) return null;
  try {
    return new Uint8Array(await readFile(file));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** Removes a recording no row points to any more; best effort (a leftover file is only space). */
export async function removeRecording(mediaDir: string, recordingPath: string): Promise<void> {
  const file = recordingFile(mediaDir, recordingPath);
  if (file) await rm(file, { force: true }).catch(() => undefined);
}
