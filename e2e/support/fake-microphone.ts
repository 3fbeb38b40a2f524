import { chromium, type Browser, type TestInfo } from '@playwright/test';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encodeWav, synthesizeSpan, ToneSchedule, type ToneScheduleConfig } from '@rollbook/presence';
import { roomSound as speechLikeRoom } from '../../apps/server/src/testing/audio';
import { logIn } from './pages';

const RATE = 48000;
/**
 * The room's sound repeats every second. Chromium starts a fake microphone's file from its
 * beginning when the page opens the microphone, so the teacher's and a student's microphones play
 * the file from unrelated offsets; with a period within the verifier's room-sound search (the
 * recording's start bounds: about a second for our client, which measures its clock) they still
 * hear "the same moment" of the room, as two microphones in one real room do.
 */
const ROOM_PERIOD_S = 1;
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

/** The session's tone as the teacher's sheet receives it (`session_tone`). */
export interface LiveTone {
  key_hex: string;
  config: ToneScheduleConfig;
  epoch_ms: number;
}

/**
 * A student's microphone in the classroom: the room plus the session's secret tone as the teacher's
 * speaker plays it live, `speakerOffsetMs` behind the schedule (what the sheet reports in
 * `tone_clock`, and where the server looks for the chirps). Chromium starts the file when the page
 * opens the microphone, so the file holds the chirps the speaker plays from `startServerMs`
 * (server time: the test's server runs on this machine's clock), which the caller sets to when the
 * page will open the microphone.
 */
export async function writeStudentWav(
  path: string,
  tone: LiveTone,
  speakerOffsetMs: number,
  startServerMs: number,
  toneGain = 0.03,
): Promise<void> {
  const schedule = new ToneSchedule(tone.key_hex, tone.config);
  const room = roomSound(FILE_S);
  const scheduleS = (startServerMs - tone.epoch_ms - speakerOffsetMs) / 1000;
  const chirps = synthesizeSpan(schedule, scheduleS, FILE_S, RATE);
  for (let k = 0; k < room.length; k++) room[k] = room[k]! + toneGain * chirps[k]!;
  await writeFile(path, encodeWav(room, RATE));
}

/** How far ahead of now a student's file is first set to start: enough to write it on a loaded machine. */
const FIRST_LEAD_MS = 1500;

/**
 * Writes a student's microphone file (see `writeStudentWav`) for a start far enough ahead that the
 * file is on disk before that start; answers the start (the page opens its microphone then). A
 * write that took longer than its lead is done again with twice the lead.
 */
export async function writeStudentWavAhead(
  path: string,
  tone: LiveTone,
  speakerOffsetMs: number,
): Promise<number> {
  for (let lead = FIRST_LEAD_MS; ; lead *= 2) {
    const startServerMs = Date.now() + lead;
    await writeStudentWav(path, tone, speakerOffsetMs, startServerMs);
    if (Date.now() < startServerMs) return startServerMs;
  }
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

/**
 * The demo student signed in on a Chromium whose microphone hears the room (`room.wav` written in
 * the test's output folder) and whose position is the campus point; the caller closes `browser`.
 */
export async function studentHearingTheRoom(testInfo: TestInfo, baseURL: string) {
  const dir = testInfo.outputPath('microphone');
  await mkdir(dir, { recursive: true });
  const wav = join(dir, 'room.wav');
  await writeRoomWav(wav);
  const browser = await launchWithMicrophone(testInfo, wav);
  const context = await browser.newContext({
    baseURL,
    geolocation: { latitude: 23.0338, longitude: 72.5461, accuracy: 10 },
    permissions: ['geolocation', 'microphone'],
  });
  const page = await context.newPage();
  await logIn(page, 'student@rollbook.test');
  return { browser, page };
}
