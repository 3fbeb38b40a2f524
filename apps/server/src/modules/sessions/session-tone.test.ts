import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  decodeWav,
  LoopedSchedule,
  openStoredTeacherChunks,
  synthesizeSpan,
  ToneSchedule,
  type TeacherChunk,
} from '@rollbook/presence';
import { SessionToneMessageSchema, ToneLevelMessageSchema } from '@rollbook/contract';
import { attendances, institutions, lectureSessions } from '../../db/schema';
import { call } from '../../testing/test-app';
import { encodeWav, roomSound, studentRecording, teacherChunks } from '../../testing/audio';
import {
  collect,
  markAttendance,
  markFields,
  nextEvent,
  reportToneClock,
  startLiveWorld,
  streamTeacherAudio,
  useListeningTestApp,
  type StartedLiveWorld,
} from '../../testing/live-fixture';
import { waitUntil } from '../../testing/wait';
import type { StoredSessionTone } from './session-tone';
import { MARKING_MESSAGES } from './marking-messages';
import { lectureFileSeconds, TONE_FILE_LOOP_S } from './session-tone';
import { APP_DOWNLOAD, BROWSER_FETCH } from '../../testing/tone-downloads';
import { gunzipSync } from 'node:zlib';

const RATE = 48000;

describe('the v2 session tone: a secret key for our sheet, a parameterless file, a proof of the moment (issue 17)', () => {
  const { t, sockets, baseUrl } = useListeningTestApp();
  const sound = roomSound(11, 8);
  const epochMs = new Date('2026-11-02T09:00:00+05:30').getTime();
  beforeEach(() => t.clock.set(new Date(epochMs + 8000)));

  const session = (w: StartedLiveWorld) => ({ sessionId: w.sessionId, token: w.tokens.cst });
  const rowOf = async (studentId: number) =>
    (await t.db.select().from(attendances).where(eq(attendances.studentId, studentId)))[0]!;

  /** A1 marks with a recording of the room's second 1-6 (by default with the tone of that moment). */
  const markA1 = (w: StartedLiveWorld, wav = studentRecording(w.tone, sound, 1, epochMs)) =>
    markAttendance(t.app, w.tokens.a1, markFields(w, epochMs + 1000), wav);

  /** Our web sheet: joins with `live_tone`, plays the schedule on time (to 50 ms) and says so. */
  async function liveSheet(w: StartedLiveWorld) {
    const joined = await sockets.join(baseUrl(), w.sessionId, w.tokens.cst, {
      refusedAttempts: true,
      liveTone: true,
    });
    expect(joined.answer.kind).toBe('data');
    await reportToneClock(t.app, joined.socket, session(w), { offsetMs: 0, toleranceMs: 50 });
    return joined;
  }

  /** Our sheet streaming the room (and, with `tone`, the tone its own speaker plays). */
  /** Every chunk emitted at once, none waited for: a sheet catching up after a stall. */
  function sendAtOnce(
    w: StartedLiveWorld,
    socket: Awaited<ReturnType<typeof liveSheet>>['socket'],
    chunks: TeacherChunk[],
  ) {
    for (const chunk of chunks) {
      socket.emit('incoming_audio_chunks', {
        client: 'FE',
        session_id: w.sessionId,
        auth_token: w.tokens.cst,
        blob: chunk.bytes,
        timestamp: chunk.timestampMs,
      });
    }
  }

  async function liveSheetHearing(w: StartedLiveWorld, chunks: TeacherChunk[]) {
    const joined = await liveSheet(w);
    await streamTeacherAudio(t.app, joined.socket, session(w), chunks);
    return joined;
  }

  /** The room's sound with the live tone the teacher's speaker plays, as its own microphone hears it. */
  function roomWithTone(tone: StoredSessionTone): TeacherChunk[] {
    const chirps = synthesizeSpan(
      new ToneSchedule(tone.keyHex, tone.config),
      (epochMs - tone.epochMs) / 1000,
      8,
      RATE,
    );
    return teacherChunks(
      sound.map((v, i) => v + 0.05 * chirps[i]!),
      epochMs,
    );
  }

  describe('the key is sent only to the teacher’s own sheet that plays it live', () => {
    it('our sheet gets the key, schedule and epoch on its socket; a sheet that loops the file does not', async () => {
      const w = await startLiveWorld(t.app, t.db);
      const plain = await sockets.join(baseUrl(), w.sessionId, w.tokens.cst);
      const tonesToPlain = collect(plain.socket, 'session_tone');
      expect(plain.tone).toBeNull();
      const live = await sockets.join(baseUrl(), w.sessionId, w.tokens.cst, { liveTone: true });
      const message = SessionToneMessageSchema.parse(live.tone);
      expect(message).toEqual({
        session_id: w.sessionId,
        key_hex: w.tone.keyHex,
        config: w.tone.config,
        epoch_ms: w.tone.epochMs,
      });
      expect(tonesToPlain).toEqual([]);
    });

    it('another teacher asking for it is refused and gets nothing', async () => {
      const w = await startLiveWorld(t.app, t.db);
      const other = await sockets.join(baseUrl(), w.sessionId, w.tokens.haj, { liveTone: true });
      expect(other.answer.kind).toBe('error');
      expect(other.tone).toBeNull();
    });

    it('no student, admin or other-teacher call answers it', async () => {
      const w = await startLiveWorld(t.app, t.db);
      await liveSheetHearing(w, teacherChunks(sound, epochMs));
      const marked = await markA1(w);
      expect(marked.status).toBe(200);
      const answers = [
        JSON.stringify(marked.body),
        ...(await Promise.all(
          [
            { url: '/api/manage/get_timetable_for_student', token: w.tokens.a1 },
            { url: `/api/sessions/${w.sessionId}/reviews`, token: w.tokens.a1 },
            { url: `/api/sessions/${w.sessionId}/reviews`, token: w.tokens.haj },
            { url: `/api/sessions/${w.sessionId}/reviews`, token: w.tokens.admin },
            { url: `/api/manage/session/get_session_data_for_export/${w.sessionId}`, token: w.tokens.admin },
          ].map(async (c) => (await call(t.app, { method: 'GET', ...c })).raw.payload),
        )),
      ];
      for (const text of answers) expect(text).not.toContain(w.tone.keyHex);
    });
  });

  describe("the original client's file", () => {
    it('has an unguessable name, no parameters, lasts the loop, and is served only while the session is live', async () => {
      const w = await startLiveWorld(t.app, t.db);
      // 128 random bits, base64url.
      expect(w.audioUrl).toMatch(/^tones\/[A-Za-z0-9_-]{22}\.wav$/);
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/media/${w.audioUrl}`,
        headers: BROWSER_FETCH,
      });
      expect(file.statusCode).toBe(200);
      // One file for the session: a browser keeps it, and asks whether its copy is current.
      expect(file.headers['cache-control']).toBe('private, no-cache');
      expect(file.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      expect(file.headers['x-accel-buffering']).toBe('no');
      const bytes = new Uint8Array(file.rawPayload);
      // A 44-byte header (RIFF, fmt, data) and nothing else: no chunk carrying the schedule.
      expect(bytes.length).toBe(44 + TONE_FILE_LOOP_S * RATE * 2);
      expect(Buffer.from(file.rawPayload).includes(Buffer.from(w.tone.keyHex))).toBe(false);
      // The static media folder never serves it (only the live-checked route does).
      const siblings = await t.app.inject({ method: 'GET', url: `/api/media/tones/` });
      expect(siblings.statusCode).toBe(404);

      const sheet = await sockets.join(baseUrl(), w.sessionId, w.tokens.cst);
      const ended = nextEvent(sheet.socket, 'session_ended');
      sheet.socket.emit('session_ended', { client: 'FE', session_id: w.sessionId, auth_token: w.tokens.cst });
      await ended;
      const after = await t.app.inject({
        method: 'GET',
        url: `/api/media/${w.audioUrl}`,
        headers: BROWSER_FETCH,
      });
      expect(after.statusCode).toBe(404);
    });

    it('a student hearing the looped file is judged on the room sound: present, saying the tone could not prove the moment', async () => {
      const w = await startLiveWorld(t.app, t.db);
      const sheet = await sockets.join(baseUrl(), w.sessionId, w.tokens.cst);
      await streamTeacherAudio(t.app, sheet.socket, session(w), teacherChunks(sound, epochMs));
      // The original client started the file at the session's start: within its first loop the
      // file holds the schedule's own chirps.
      const res = await markA1(w);
      expect(res.status).toBe(200);
      expect((await rowOf(w.students.a1.student.id)).reasons).toEqual(['tone_time_unbounded']);
    });

    it("goes to the teacher's review instead when the institution has marks the tone cannot time reviewed", async () => {
      const w = await startLiveWorld(t.app, t.db);
      await t.db
        .update(institutions)
        .set({ reviewUntimedTone: true })
        .where(eq(institutions.id, w.world.institutionId));
      const sheet = await sockets.join(baseUrl(), w.sessionId, w.tokens.cst);
      await streamTeacherAudio(t.app, sheet.socket, session(w), teacherChunks(sound, epochMs));
      const res = await markA1(w);
      expect(res.body.message).toBe(MARKING_MESSAGES.sentToReviewUntimedTone);
      expect(await rowOf(w.students.a1.student.id)).toMatchObject({
        verdict: 'needs_review',
        isPresent: false,
        reasons: ['tone_time_unbounded', 'tone_time_room_only'],
      });
    });

    describe('its download bounds when it started (presence-0024)', () => {
      const longSound = roomSound(12, 24);
      const fetchedMs = epochMs + 8000;

      /** The sheet fetches the file at `fetchedMs` and streams the room; A1 records its seconds 14-19. */
      async function downloadedAndMarked(filePlayedFromMs: number) {
        const w = await startLiveWorld(t.app, t.db);
        const file = await t.app.inject({
          method: 'GET',
          url: `/api/media/${w.audioUrl}`,
          headers: BROWSER_FETCH,
        });
        expect(file.statusCode).toBe(200);
        await waitUntil(
          async () => (await sessionTone(w)).fileFetches !== undefined,
          'the download was not kept',
        );
        const sheet = await sockets.join(baseUrl(), w.sessionId, w.tokens.cst);
        await streamTeacherAudio(t.app, sheet.socket, session(w), teacherChunks(longSound, epochMs));
        t.clock.set(new Date(epochMs + 22_000));
        // The file's first sample at `filePlayedFromMs`: the recording holds its chirps from there.
        const wav = studentRecording(w.tone, longSound, 14, epochMs, {
          lateMs: filePlayedFromMs - w.tone.epochMs,
        });
        const res = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs + 14_000), wav);
        return { w, res, row: await rowOf(w.students.a1.student.id), bytes: file.rawPayload.length };
      }

      const sessionTone = async (w: StartedLiveWorld) => {
        const [row] = await t.db
          .select()
          .from(lectureSessions)
          .where(eq(lectureSessions.sessionId, w.sessionId));
        return row!.toneParams as { fileFetches?: unknown[] };
      };

      it('keeps only whole downloads: not a HEAD, not a ranged probe such as our web app makes', async () => {
        const w = await startLiveWorld(t.app, t.db);
        const url = `/api/media/${w.audioUrl}`;
        const kept = async () => ((await sessionTone(w)).fileFetches ?? []) as { requestedMs: number }[];
        const wholeAt = async (ms: number) => {
          t.clock.set(new Date(ms));
          expect((await t.app.inject({ method: 'GET', url, headers: BROWSER_FETCH })).statusCode).toBe(200);
          await waitUntil(
            async () => (await kept()).some((f) => f.requestedMs === ms),
            'the download was not kept',
          );
        };
        await wholeAt(fetchedMs);
        t.clock.set(new Date(fetchedMs + 1000));
        expect((await t.app.inject({ method: 'HEAD', url, headers: BROWSER_FETCH })).statusCode).toBe(200);
        const probe = await t.app.inject({
          method: 'GET',
          url,
          headers: { ...BROWSER_FETCH, range: 'bytes=0-98303' },
        });
        // Only the part asked for.
        expect(probe.statusCode).toBe(206);
        expect(probe.rawPayload.length).toBe(98304);
        // Kept in order: once the next whole download is there, anything before it would be too.
        await wholeAt(fetchedMs + 2000);
        expect((await kept()).map((f) => f.requestedMs)).toEqual([fetchedMs, fetchedMs + 2000]);
      });

      it('keeps the download with the tone and accepts the file heard where it says', async () => {
        t.clock.set(new Date(fetchedMs));
        const { w, res, row, bytes } = await downloadedAndMarked(fetchedMs + 1000);
        expect((await sessionTone(w)).fileFetches).toEqual([
          { requestedMs: fetchedMs, servedMs: fetchedMs, bytes },
        ]);
        expect(res.status).toBe(200);
        expect(row).toMatchObject({ verdict: 'present', reasons: ['tone_time_unbounded'] });
      });

      it('sends the file heard at another point of its loop to review, telling the student why', async () => {
        t.clock.set(new Date(fetchedMs));
        // A copy of the file started a minute before this download (or the sheet restarted it unseen).
        const { res, row } = await downloadedAndMarked(fetchedMs - 60_000);
        expect(row.verdict).toBe('needs_review');
        expect(row.reasons).toContain('tone_file_moved');
        expect(res.body.message).toBe(MARKING_MESSAGES.sentToReviewToneFileMoved);
      });

      describe("the original app's lecture-long file (presence-0029)", () => {
        /** Schedule time of the chirp due at `ms`: where a download then starts. */
        const dueS = (w: StartedLiveWorld, ms: number) => {
          const periodS = w.tone.config.periodS;
          return Math.floor((ms - w.tone.epochMs) / 1000 / periodS) * periodS;
        };

        /**
         * Stores a shorter lecture-long file for `w`'s session (in whole periods, as the server
         * does), so that a download is written and read in a fraction of a second. Answers its length.
         */
        const shortenLectureFile = async (w: StartedLiveWorld, seconds: number) => {
          const periodS = w.tone.config.periodS;
          const lectureFileS = Math.ceil(seconds / periodS - 1e-9) * periodS;
          // The one field, in place: a download kept meanwhile (fileFetches) is never written over.
          await t.db
            .update(lectureSessions)
            .set({
              toneParams: sql`jsonb_set(${lectureSessions.toneParams}, '{lectureFileS}', to_jsonb(${lectureFileS}::float8))`,
            })
            .where(eq(lectureSessions.sessionId, w.sessionId));
          return lectureFileS;
        };

        it('lasts what is left of the lecture and a quarter of an hour, within 45 and 150 min, in whole periods', () => {
          expect(lectureFileSeconds(60, 0.4)).toBe(75 * 60);
          expect(lectureFileSeconds(null, 0.4)).toBe(75 * 60); // an instant lecture: taken as an hour
          expect(lectureFileSeconds(-20, 0.4)).toBe(45 * 60); // started in the late margin
          expect(lectureFileSeconds(600, 0.4)).toBe(150 * 60);
          const odd = lectureFileSeconds(60, 0.7);
          expect(odd).toBeGreaterThanOrEqual(75 * 60);
          expect(Math.abs(odd / 0.7 - Math.round(odd / 0.7))).toBeLessThan(1e-6);
        });

        it('is the whole lecture of the schedule, 8-bit, gzipped on the wire, and its download says which file plays', async () => {
          const w = await startLiveWorld(t.app, t.db);
          const url = `/api/media/${w.audioUrl}`;
          // The session's file lasts the lecture and a quarter of an hour; a download, what is left of
          // it from the chirp now due. A HEAD answers the headers without writing the file: gzipped,
          // never kept (each download is another file).
          const lectureFileS = w.tone.lectureFileS!;
          expect(lectureFileS).toBeGreaterThanOrEqual(45 * 60);
          const head = await t.app.inject({ method: 'HEAD', url, headers: APP_DOWNLOAD });
          expect(head.statusCode).toBe(200);
          expect(head.headers['content-encoding']).toBe('gzip');
          expect(head.headers['cache-control']).toBe('private, no-store');
          expect(head.headers.etag).toBeUndefined();
          expect(head.headers.vary).toContain('User-Agent');

          // What a download holds, read on a session whose stored file lasts 4 minutes: a whole
          // lecture's is 200 MB to write, inflate and decode here. Shorter than the 45 minutes a
          // download lasts at least, it is sent whole.
          const shortS = await shortenLectureFile(w, 240);
          const res = await t.app.inject({ method: 'GET', url, headers: APP_DOWNLOAD });
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-encoding']).toBe('gzip');
          expect(res.headers['content-type']).toBe('audio/wav');
          const bytes = new Uint8Array(gunzipSync(res.rawPayload));
          expect(bytes[34]).toBe(8);
          const file = decodeWav(bytes);
          expect(file.sampleRate).toBe(RATE);
          expect(file.samples.length).toBe(Math.round(shortS * RATE));
          expect(Buffer.from(bytes).includes(Buffer.from(w.tone.keyHex))).toBe(false);
          // Where the short loop starts again, this file plays other chirps.
          const at = (s: number) => Buffer.from(bytes.subarray(44 + s * RATE, 44 + (s + 5) * RATE));
          expect(at(20).equals(at(20 + TONE_FILE_LOOP_S))).toBe(false);
          expect(res.rawPayload.length).toBeLessThan(bytes.length / 3);
          // Kept as the download (the HEAD was not), with where it starts and how long it is.
          await waitUntil(
            async () => (await sessionTone(w)).fileFetches !== undefined,
            'the download was not kept',
          );
          expect((await sessionTone(w)).fileFetches).toEqual([
            {
              requestedMs: fetchedMs,
              servedMs: fetchedMs,
              bytes: res.rawPayload.length,
              loopS: expect.closeTo(shortS, 6),
              fromS: dueS(w, fetchedMs),
            },
          ]);
        });

        it('accepts the file heard where it plays minutes in, and never a copy of what the short loop would play then', async () => {
          t.clock.set(new Date(fetchedMs));
          const w = await startLiveWorld(t.app, t.db);
          await shortenLectureFile(w, 15 * 60); // still five of the short loop's passes
          const file = await t.app.inject({
            method: 'GET',
            url: `/api/media/${w.audioUrl}`,
            headers: APP_DOWNLOAD,
          });
          expect(file.statusCode).toBe(200);
          await waitUntil(
            async () => (await sessionTone(w)).fileFetches !== undefined,
            'the download was not kept',
          );
          // Four minutes later the sheet streams the room; two students record its seconds 14-19.
          const soundStartMs = fetchedMs + 240_000;
          t.clock.set(new Date(soundStartMs));
          const sheet = await sockets.join(baseUrl(), w.sessionId, w.tokens.cst);
          await streamTeacherAudio(t.app, sheet.socket, session(w), teacherChunks(longSound, soundStartMs));
          t.clock.set(new Date(soundStartMs + 22_000));
          // It plays from the chirp due at its download, from a second after it.
          const lateMs = fetchedMs + 1000 - (w.tone.epochMs + dueS(w, fetchedMs) * 1000);
          const heard = studentRecording(w.tone, longSound, 14, soundStartMs, { lateMs });
          const genuine = await markAttendance(
            t.app,
            w.tokens.a1,
            markFields(w, soundStartMs + 14_000),
            heard,
          );
          expect(genuine.status).toBe(200);
          expect(await rowOf(w.students.a1.student.id)).toMatchObject({ verdict: 'present' });
          // The short loop's chirps now (its third pass), with the room relayed: the file never repeats.
          const copy = studentRecording(w.tone, longSound, 14, soundStartMs, {
            lateMs: lateMs + TONE_FILE_LOOP_S * 1000,
          });
          await markAttendance(t.app, w.tokens.a2, markFields(w, soundStartMs + 14_000), copy);
          expect((await rowOf(w.students.a2.student.id)).verdict).not.toBe('present');
        });

        it('starts a download later in the lecture at the chirp then due, so a rejoin never replays the start', async () => {
          t.clock.set(new Date(fetchedMs));
          const w = await startLiveWorld(t.app, t.db);
          await shortenLectureFile(w, 15 * 60);
          const url = `/api/media/${w.audioUrl}`;
          expect((await t.app.inject({ method: 'GET', url, headers: APP_DOWNLOAD })).statusCode).toBe(200);
          // Ten minutes later the app joins again and downloads the file again.
          const againMs = fetchedMs + 600_000;
          t.clock.set(new Date(againMs));
          expect((await t.app.inject({ method: 'GET', url, headers: APP_DOWNLOAD })).statusCode).toBe(200);
          await waitUntil(
            async () => ((await sessionTone(w)).fileFetches ?? []).length === 2,
            'the second download was not kept',
          );
          const [, second] = (await sessionTone(w)).fileFetches as { fromS: number }[];
          expect(second!.fromS).toBeCloseTo((againMs - w.tone.epochMs) / 1000, 6);
          // The sheet streams the room; the new file plays from a second after its download.
          const soundStartMs = againMs + 5000;
          t.clock.set(new Date(soundStartMs));
          const sheet = await sockets.join(baseUrl(), w.sessionId, w.tokens.cst);
          await streamTeacherAudio(t.app, sheet.socket, session(w), teacherChunks(longSound, soundStartMs));
          t.clock.set(new Date(soundStartMs + 22_000));
          const lateMs = againMs + 1000 - (w.tone.epochMs + second!.fromS * 1000);
          const heard = studentRecording(w.tone, longSound, 14, soundStartMs, { lateMs });
          await markAttendance(t.app, w.tokens.a1, markFields(w, soundStartMs + 14_000), heard);
          expect(await rowOf(w.students.a1.student.id)).toMatchObject({ verdict: 'present' });
          // A recording of the lecture's first minutes, replayed as if the file had started over.
          const fromStart = studentRecording(w.tone, longSound, 14, soundStartMs, {
            lateMs: againMs + 1000 - w.tone.epochMs,
          });
          await markAttendance(t.app, w.tokens.a2, markFields(w, soundStartMs + 14_000), fromStart);
          expect((await rowOf(w.students.a2.student.id)).verdict).not.toBe('present');
        });
      });
    });
  });

  describe('the live tone proves the moment', () => {
    it('accepts a genuine recording of the schedule in a room the teacher does not stream, on the tone', async () => {
      const w = await startLiveWorld(t.app, t.db);
      await liveSheet(w);
      const res = await markA1(w);
      expect(res.status).toBe(200);
      const row = await rowOf(w.students.a1.student.id);
      expect(row).toMatchObject({ isPresent: true, verdict: 'present', similarity: null });
      expect(row.reasons).toEqual(['no_teacher_stream']);
    });

    it('refuses a recording of this room made 20 s earlier and replayed now, although the room matches', async () => {
      const w = await startLiveWorld(t.app, t.db);
      await liveSheetHearing(w, teacherChunks(sound, epochMs));
      const replay = studentRecording(w.tone, sound, 1, epochMs, { lateMs: 20_000 });
      const res = await markA1(w, replay);
      expect(res.status).toBe(403);
      const row = await rowOf(w.students.a1.student.id);
      expect(row.verdict).toBe('absent');
      expect(row.reasons).toContain('tone_wrong_time');
    });

    it("refuses the session's tone file played at home (another room, a moment of the loop that is not now)", async () => {
      const w = await startLiveWorld(t.app, t.db);
      await liveSheetHearing(w, teacherChunks(sound, epochMs));
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/media/${w.audioUrl}`,
        headers: BROWSER_FETCH,
      });
      expect(file.statusCode).toBe(200);
      // The file's first five seconds, played over another room's sound.
      const loop = new LoopedSchedule(new ToneSchedule(w.tone.keyHex, w.tone.config), TONE_FILE_LOOP_S);
      const home = roomSound(29, 5);
      const copy = synthesizeSpan(loop, 0, 5, RATE);
      const wav = encodeWav(
        home.map((v, i) => 0.5 * v + 0.01 * copy[i]!),
        RATE,
      );
      const res = await markA1(w, wav);
      expect(res.status).toBe(403);
      const row = await rowOf(w.students.a1.student.id);
      expect(row.verdict).toBe('absent');
      expect(row.reasons!.some((r) => r === 'tone_wrong_time' || r === 'tone_not_detected')).toBe(true);
    });

    it('refuses a start_time claimed late with a clear message, storing nothing', async () => {
      const w = await startLiveWorld(t.app, t.db);
      await liveSheetHearing(w, teacherChunks(sound, epochMs));
      const before = await rowOf(w.students.a1.student.id);
      const late = await markAttendance(
        t.app,
        w.tokens.a1,
        markFields(w, epochMs + 6000, { clock_offset_ms: '0' }),
        studentRecording(w.tone, sound, 1, epochMs),
      );
      expect(late.status).toBe(400);
      expect(late.body.message).toBe(MARKING_MESSAGES.recordingTimeLate);
      expect(await rowOf(w.students.a1.student.id)).toEqual(before);
    });

    it("sends a recording over a hole in the teacher's stream to review, never absent nor present", async () => {
      const w = await startLiveWorld(t.app, t.db);
      const gappy = teacherChunks(sound, epochMs).filter(
        (c) => c.timestampMs < epochMs + 1000 || c.timestampMs > epochMs + 6000,
      );
      await liveSheetHearing(w, gappy);
      const res = await markA1(w);
      expect(res.status).toBe(403);
      const row = await rowOf(w.students.a1.student.id);
      expect(row.verdict).toBe('needs_review');
      expect(row.reasons).toEqual(expect.arrayContaining(['teacher_audio_missing']));
    });
  });

  describe('the tone-level check at session start', () => {
    async function levelAfterStreaming(w: StartedLiveWorld, chunks: TeacherChunk[]) {
      const joined = await liveSheet(w);
      const level = nextEvent(joined.socket, 'tone_level');
      await streamTeacherAudio(t.app, joined.socket, session(w), chunks);
      return ToneLevelMessageSchema.parse(await level);
    }

    it('tells the teacher their speaker is heard when their own microphone hears the tone', async () => {
      const w = await startLiveWorld(t.app, t.db);
      const level = await levelAfterStreaming(w, roomWithTone(w.tone));
      expect(level).toMatchObject({ session_id: w.sessionId, status: 'ok', advice: 'none' });
    });

    it('tells the teacher to raise the volume when their microphone does not hear the tone', async () => {
      const w = await startLiveWorld(t.app, t.db);
      const level = await levelAfterStreaming(w, teacherChunks(sound, epochMs));
      expect(level.status).toBe('not_heard');
      expect(level.advice).toBe('raise_volume');
    });

    it("keeps only the features of a one-way sheet's chunks once its level is known", async () => {
      const w = await startLiveWorld(t.app, t.db);
      const joined = await liveSheet(w);
      const level = nextEvent(joined.socket, 'tone_level');
      await streamTeacherAudio(t.app, joined.socket, session(w), roomWithTone(w.tone).slice(0, 6));
      await level;
      await streamTeacherAudio(t.app, joined.socket, session(w), roomWithTone(w.tone).slice(6));
      const stored = await t.app.liveStore.teacherChunks(w.sessionId, 0, Number.MAX_SAFE_INTEGER);
      const opened = openStoredTeacherChunks(stored, { audio: false });
      // Before the level was known every chunk kept its band (the check reads it); after, none.
      expect(opened.map((c) => c.bandDropped === true)).toEqual([
        false,
        false,
        false,
        false,
        false,
        false,
        true,
        true,
      ]);
      expect(opened.every((c) => c.ambient instanceof Float32Array)).toBe(true);
    });

    it('runs once per sheet when its chunks arrive while a check is running (a burst at the bell)', async () => {
      const w = await startLiveWorld(t.app, t.db);
      const joined = await liveSheet(w);
      const levels = collect(joined.socket, 'tone_level');
      const chunks = roomWithTone(w.tone);
      // Every second at once, as a sheet catching up after a stall sends them: each chunk's handler
      // reaches the check while the first one's reads are still on their way.
      t.clock.set(new Date(chunks.at(-1)!.timestampMs + 1000));
      sendAtOnce(w, joined.socket, chunks);
      await waitUntil(async () => levels.length > 0, 'a tone level');
      // Later chunks, each waited for: any check still running from the burst ends before them.
      await streamTeacherAudio(
        t.app,
        joined.socket,
        session(w),
        teacherChunks(sound, epochMs + 8000).slice(0, 2),
      );
      expect(levels).toHaveLength(1);
    });

    it('checks again when a check found too little audio while the rest of a burst arrived', async () => {
      const w = await startLiveWorld(t.app, t.db);
      const joined = await liveSheet(w);
      const levels = collect(joined.socket, 'tone_level');
      const chunks = roomWithTone(w.tone);
      t.clock.set(new Date(chunks.at(-1)!.timestampMs + 1000));
      const store = t.app.liveStore;
      const read = store.teacherChunks.bind(store);
      let firstRead = true;
      // The first check reads before the burst is stored (it finds nothing), and answers only once
      // every later chunk has been stored and has found that check running.
      const spy = vi.spyOn(store, 'teacherChunks').mockImplementation(async (id, fromMs, toMs) => {
        if (!firstRead) return read(id, fromMs, toMs);
        firstRead = false;
        await waitUntil(
          async () => (await read(id, fromMs, toMs)).length === chunks.length,
          'the whole burst stored',
        );
        return [];
      });
      try {
        sendAtOnce(w, joined.socket, chunks);
        await waitUntil(async () => levels.length > 0, 'a tone level');
      } finally {
        spy.mockRestore();
      }
      expect(levels).toHaveLength(1);
    });

    it('a sheet that loops the file gets no level check, and its tone_clock is ignored', async () => {
      const w = await startLiveWorld(t.app, t.db);
      const plain = await sockets.join(baseUrl(), w.sessionId, w.tokens.cst);
      const levels = collect(plain.socket, 'tone_level');
      plain.socket.emit('tone_clock', {
        client: 'FE',
        session_id: w.sessionId,
        auth_token: w.tokens.cst,
        offset_ms: 0,
        tolerance_ms: 50,
      });
      await streamTeacherAudio(t.app, plain.socket, session(w), roomWithTone(w.tone));
      await waitUntil(
        async () => (await t.app.liveStore.newestTeacherChunkMs(w.sessionId)) !== null,
        'chunks',
      );
      expect(await t.app.liveStore.tonePlayback(w.sessionId)).toBeNull();
      expect(levels).toEqual([]);
    });
  });
});
