import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodeWav, encodeWav } from '@rollbook/presence';
import { attendances, lectureSessions } from '../../db/schema';
import { roomSound, teacherChunks } from '../../testing/audio';
import {
  markAttendance,
  markFields,
  startLiveWorld,
  streamTeacherAudio,
  useListeningTestApp,
  type StartedLiveWorld,
} from '../../testing/live-fixture';
import { waitUntil } from '../../testing/wait';
import { storedFilePhase } from './file-phase';
import { BROWSER_FETCH } from '../../testing/tone-downloads';

const RATE = 48000;

describe("the original client's file phase, located in its teacher stream (issue 17 item 1)", () => {
  const { t, sockets, baseUrl } = useListeningTestApp();
  const epochMs = new Date('2026-11-02T09:00:00+05:30').getTime();
  // The original web client started looping the file 2.345 s after the session started.
  const fileStartMs = epochMs + 2345;
  // Its microphone streams 8 s from here (the room and the file its own speaker plays).
  const streamStartMs = epochMs + 20_000;
  const sound = roomSound(17, 8);
  beforeEach(() => t.clock.set(new Date(streamStartMs)));

  const rowOf = async (studentId: number) =>
    (await t.db.select().from(attendances).where(eq(attendances.studentId, studentId)))[0]!;

  /** The session's real rendered tone file, as the original client fetches it. */
  async function toneFile(w: StartedLiveWorld): Promise<Float32Array> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/media/${w.audioUrl}`,
      headers: BROWSER_FETCH,
    });
    expect(res.statusCode).toBe(200);
    return decodeWav(new Uint8Array(res.rawPayload)).samples;
  }

  /** What the looped file plays at server time `ms` + i samples, for `seconds`, started at `startedMs`. */
  function filePlaying(file: Float32Array, startedMs: number, fromMs: number, seconds: number): Float32Array {
    const first = Math.round(((fromMs - startedMs) / 1000) * RATE);
    return Float32Array.from({ length: seconds * RATE }, (_, i) => file[(first + i) % file.length]!);
  }

  /** The original web client's sheet: loops the file, streams raw 48 kHz chunks that hear it. */
  async function originalSheet(w: StartedLiveWorld, file: Float32Array) {
    const sheet = await sockets.join(baseUrl(), w.sessionId, w.tokens.cst);
    const heard = filePlaying(file, fileStartMs, streamStartMs, 8);
    await streamTeacherAudio(
      t.app,
      sheet.socket,
      { sessionId: w.sessionId, token: w.tokens.cst },
      teacherChunks(
        sound.map((v, i) => v + 0.05 * heard[i]!),
        streamStartMs,
      ),
    );
    return sheet;
  }

  /** A1's recording of the stream's seconds 1-6: the room (as a relay would carry it) plus a tone. */
  function recording(tone: Float32Array): Uint8Array {
    const start = RATE;
    return encodeWav(
      Float32Array.from({ length: 5 * RATE }, (_, i) => 0.5 * sound[start + i]! + 0.01 * tone[i]!),
      RATE,
    );
  }

  const recordingStartMs = streamStartMs + 1000;
  const markA1 = (w: StartedLiveWorld, wav: Uint8Array) => {
    t.clock.set(new Date(recordingStartMs + 5500));
    return markAttendance(t.app, w.tokens.a1, markFields(w, recordingStartMs), wav);
  };

  it('finds when the file started from the stream and keeps it with the session (never sent to anyone)', async () => {
    const w = await startLiveWorld(t.app, t.db);
    await originalSheet(w, await toneFile(w));
    const located = storedFilePhase(await rawParams(w));
    expect(located).not.toBeNull();
    // Modulo the loop, within the tolerance the verification allows.
    const loopMs = w.tone.fileLoopS * 1000;
    const off = (((located! - fileStartMs) % loopMs) + loopMs) % loopMs;
    expect(Math.min(off, loopMs - off)).toBeLessThan(100);
  });

  it('a present student hearing the file is accepted on the tone proving the moment', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const file = await toneFile(w);
    await originalSheet(w, file);
    const res = await markA1(w, recording(filePlaying(file, fileStartMs, recordingStartMs, 5)));
    expect(res.status).toBe(200);
    const row = await rowOf(w.students.a1.student.id);
    expect(row.verdict).toBe('present');
    expect(row.reasons).not.toContain('tone_time_unbounded');
  });

  it('refuses a relay of the room plus the tone file played from another moment of its loop', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const file = await toneFile(w);
    await originalSheet(w, file);
    // At home: the file started when the recording did (its first seconds), the room over a call.
    const res = await markA1(w, recording(filePlaying(file, recordingStartMs, recordingStartMs, 5)));
    expect(res.status).toBe(403);
    const row = await rowOf(w.students.a1.student.id);
    expect(row.verdict).toBe('absent');
    expect(row.reasons).toContain('tone_wrong_time');
  });

  it('forgets the phase when a sheet joins again (it restarts the file)', async () => {
    const w = await startLiveWorld(t.app, t.db);
    await originalSheet(w, await toneFile(w));
    expect(storedFilePhase(await rawParams(w))).not.toBeNull();
    const again = await sockets.join(baseUrl(), w.sessionId, w.tokens.cst);
    expect(again.answer.kind).toBe('data');
    // The join's tone handling runs beside its first answer.
    await waitUntil(async () => storedFilePhase(await rawParams(w)) === null, 'the phase was not forgotten');
  });

  async function rawParams(w: StartedLiveWorld): Promise<unknown> {
    const [row] = await t.db
      .select({ toneParams: lectureSessions.toneParams })
      .from(lectureSessions)
      .where(eq(lectureSessions.sessionId, w.sessionId));
    return row!.toneParams;
  }
});
