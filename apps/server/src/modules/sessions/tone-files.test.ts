import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepToneFiles, TONE_FILE_KEPT_MS, TONES_FOLDER } from './tone-files';

describe("sweeping this instance's rendered short loops", () => {
  let mediaDir = '';
  afterEach(async () => {
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  it('deletes the files written longer ago than they are kept, and only those', async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'rollbook-tones-'));
    const now = Date.now();
    expect(await sweepToneFiles(mediaDir, now)).toBe(0); // nothing rendered here yet
    const folder = path.join(mediaDir, TONES_FOLDER);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'old.wav'), 'x');
    await writeFile(path.join(folder, 'new.wav'), 'x');
    const old = new Date(now - TONE_FILE_KEPT_MS - 60_000);
    await utimes(path.join(folder, 'old.wav'), old, old);
    expect(await sweepToneFiles(mediaDir, now)).toBe(1);
    expect(await readdir(folder)).toEqual(['new.wav']);
  });
});
