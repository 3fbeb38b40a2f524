import { chromium, type Browser, type TestInfo } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import { decodeWav, encodeWav } from '@rollbook/presence';
import { roomSound as speechLikeRoom } from '../../apps/server/src/testing/audio';

const RATE = 48000;
/**
 * The room's sound repeats every 2 s. Chromium starts a fake microphone's file from its beginning
 * when the page opens the microphone, so the teacher's and a student's microphones play the file
 * from unrelated offsets; with a period within the verifier's clock-skew search (±1.5 s) they still
 * hear "the same moment" of the room, as two microphones in one real room do.
 */
const ROOM_PERIOD_S = 2;
/** Long enough for a 5-s recording without hearing the loop's seam twice; a whole number of periods. */
const FILE_S = 10;

/** The seeded speech-like room of the server tests, its first period repeated. */
function roomSound(seconds: number): Float32Array {
  const period = speechLikeRoom(2026, ROOM_PERIOD_S, RATE);
  const out = new Float32Array(seconds * RATE);
  for (let k = 0; k < out.length; k++) out[k] = period[k % period.length]!;
  return out;
}

/** The teacher's microphone: the room only (the ambient comparison uses 50 Hz-4 kHz). */
export async function writeRoomWav(path: string): Promise<void> {
  await writeFile(path, encodeWav(roomSound(FILE_S), RATE));
}

/**
 * A student's microphone in the classroom: the room plus the session tone as the teacher's
 * speakers loop it (the tone file is fetched from the live session, so it exists only after start).
 */
export async function writeStudentWav(path: string, toneWav: Uint8Array, toneGain = 0.03): Promise<void> {
  const tone = decodeWav(toneWav);
  if (tone.sampleRate !== RATE) throw new Error(`the session tone is at ${tone.sampleRate} Hz, not ${RATE}`);
  const room = roomSound(FILE_S);
  for (let k = 0; k < room.length; k++)
    room[k] = room[k]! + toneGain * tone.samples[k % tone.samples.length]!;
  await writeFile(path, encodeWav(room, RATE));
}

/**
 * Launches Debian's Chromium (the project's launch options) whose microphone plays `wavPath` in a
 * loop, and which grants microphone access without asking.
 */
export function launchWithMicrophone(testInfo: TestInfo, wavPath: string): Promise<Browser> {
  const base = testInfo.project.use.launchOptions ?? {};
  return chromium.launch({
    ...base,
    args: [
      ...(base.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${wavPath}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}
