import { rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Deletes stored recordings by their paths under the media folder. A path that would leave the
 * folder is refused (never deleted), a file already gone is fine; any other failure throws, so the
 * sweep's transaction rolls back and the rows still name their files for the next attempt.
 */
export async function deleteRecordings(mediaDir: string, recordingPaths: readonly string[]): Promise<number> {
  const root = path.resolve(mediaDir);
  let deleted = 0;
  for (const recordingPath of recordingPaths) {
    const file = path.resolve(root, recordingPath);
    if (!file.startsWith(root + path.sep))
      throw new Error(`recording path outside the media folder: ${recordingPath}`);
    await rm(file, { force: true });
    deleted += 1;
  }
  return deleted;
}
