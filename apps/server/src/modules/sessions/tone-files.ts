import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createSessionTone, encodeToneWav, parseToneParams, type ToneParams } from '@rollbook/presence';
import { TONES_FOLDER } from '@rollbook/contract';
import { newSlug } from '../../db/schema/columns';

/** Folder of session tones inside the media folder; `audio_url` values start with it. */
export { TONES_FOLDER };

/** Where a tone lives on disk, or null for a path that is not a tone file name. */
function tonePath(mediaDir: string, audioPath: string): string | null {
  const match = /^tones\/([A-Za-z0-9_-]{10,64})\.wav$/.exec(audioPath);
  return match ? path.join(mediaDir, TONES_FOLDER, `${match[1]}.wav`) : null;
}

/**
 * Generates a new session tone with random parameters inside the configured band and writes it
 * to the media folder under an unguessable name. Answers the relative `audio_url` and the
 * parameters the verifier needs.
 */
export async function createToneFile(
  mediaDir: string,
  band: { lowHz: number; highHz: number },
): Promise<{ audioPath: string; params: ToneParams }> {
  const { params, wav } = createSessionTone({ bandLowHz: band.lowHz, bandHighHz: band.highHz });
  const audioPath = `${TONES_FOLDER}/${newSlug()}.wav`;
  await mkdir(path.join(mediaDir, TONES_FOLDER), { recursive: true });
  await writeFile(tonePath(mediaDir, audioPath)!, wav);
  return { audioPath, params };
}

/**
 * Reads a tone file, re-creating it from the stored parameters when this instance does not have
 * it (instances need not share a disk: the parameters in PostgreSQL define the tone exactly).
 */
export async function readToneFile(
  mediaDir: string,
  audioPath: string,
  storedParams: () => Promise<unknown>,
): Promise<Uint8Array | null> {
  const file = tonePath(mediaDir, audioPath);
  if (!file) return null;
  try {
    return await readFile(file);
  } catch {
    const params = await storedParams();
    if (params === undefined || params === null) return null;
    const wav = encodeToneWav(parseToneParams(params));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, wav);
    return wav;
  }
}
