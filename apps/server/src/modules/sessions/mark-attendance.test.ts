import { beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MarkAttendanceMessageSchema, SENT_TO_REVIEW_CODE } from '@rollbook/contract';
import { attendances, auditLog, lectureSessions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { encodeWav, roomSound, studentRecording, teacherChunks } from '../../testing/audio';
import {
  buildLiveWorld,
  collect,
  collectAll,
  expectNoPushSince,
  useListeningTestApp,
  markAttendance,
  markFields,
  received,
  reportToneClock,
  startLiveWorld,
  streamTeacherAudio,
  toggleAttendance,
  type StartedLiveWorld,
} from '../../testing/live-fixture';
import { createAttendanceRepository } from '../../domain/attendance.repository';
import { attendanceWire } from '../../domain/attendance-wire';
import { MARKING_MESSAGES } from './marking.service';
import { TEACHER_AUDIO_STALLED_MS } from './teacher-audio';
import { waitUntil } from '../../testing/wait';

interface SheetOptions {
  refusedAttempts?: boolean;
  liveTone?: boolean;
}

describe('POST /manage/session/mark_attendance_for_student/ (§6.2)', () => {
  const { t, sockets, baseUrl } = useListeningTestApp();

  // The room's sound from 09:00:00 (test clock), the student's recording starts a second later.
  const sound = roomSound(11, 8);
  const epochMs = new Date('2026-11-02T09:00:00+05:30').getTime();
  // Uploads arrive (server time) once the room's eight seconds are over: every recording of the
  // tests ended before its upload, as an honest client's does.
  beforeEach(() => t.clock.set(new Date(epochMs + 8000)));

  /**
   * The teacher's sheet of a live world, connected (as the original client, or as our web app with
   * `refusedAttempts`; `liveTone`: playing the tone live, on time to 50 ms), with every
   * `mark_attendance` it receives and every event of any kind (`events`, for proving that nothing
   * was pushed).
   */
  async function sheet(w: StartedLiveWorld, opts: SheetOptions = {}) {
    const { socket, answer } = await sockets.join(baseUrl(), w.sessionId, w.tokens.cst, opts);
    expect(answer.kind).toBe('data');
    if (opts.liveTone) {
      const session = { sessionId: w.sessionId, token: w.tokens.cst };
      await reportToneClock(t.app, socket, session, { offsetMs: 0, toleranceMs: 50 });
    }
    return { socket, marks: collect(socket, 'mark_attendance'), events: collectAll(socket) };
  }

  /**
   * The teacher's sheet, with the room's sound streamed from its microphone. A sheet playing the
   * tone live also gets its tone-level check's answer first (it comes from the presence pool, so
   * it would otherwise land among the pushes a test counts).
   */
  async function sheetHearingTheRoom(w: StartedLiveWorld, opts: SheetOptions = {}) {
    const connected = await sheet(w, opts);
    const levels = collect(connected.socket, 'tone_level');
    const session = { sessionId: w.sessionId, token: w.tokens.cst };
    await streamTeacherAudio(t.app, connected.socket, session, teacherChunks(sound, epochMs));
    if (opts.liveTone) await received(levels, 1);
    return connected;
  }

  async function rowOf(studentId: number) {
    const [row] = await t.db.select().from(attendances).where(eq(attendances.studentId, studentId));
    return row;
  }

  const auditActions = async () => (await t.db.select().from(auditLog)).map((a) => a.action);

  /** Proves the sheet got no push since `seen`: a later push (A2's manual request) comes next. */
  const nothingPushedSince = (w: StartedLiveWorld, events: Array<[string, any]>, seen: number) =>
    expectNoPushSince(t.app, w, events, seen);

  const recording = (w: StartedLiveWorld) => studentRecording(w.tone, sound, 1, epochMs);

  it('marks a student whose recording carries the session tone and matches the room: code 100, metrics stored, pushed to the sheet once', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const { marks, events } = await sheetHearingTheRoom(w, { liveTone: true });

    const res = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs + 1000), recording(w));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: true, code: 100, error: false, message: null });

    const row = (await rowOf(w.students.a1.student.id))!;
    expect(row).toMatchObject({ isPresent: true, manual: false, verdict: 'present' });
    expect(row.markingTime).toEqual(t.clock.now());
    expect(row.ncc!).toBeGreaterThanOrEqual(0.14);
    expect(row.magnitude!).toBeGreaterThan(0);
    expect(row.similarity!).toBeGreaterThanOrEqual(26);
    expect(row.euclideanDistance).not.toBeNull();
    expect(row.gpsDistance!).toBeLessThan(1);
    expect(row.reasons).toEqual([]);
    expect(await auditActions()).toContain('attendance.marked');

    // The teacher's sheet gets the row (how fast is bench/sessions' business), and only once.
    await received(marks, 1);
    await nothingPushedSince(w, events, events.length);
    expect(marks).toHaveLength(1);
    const msg = MarkAttendanceMessageSchema.parse(marks[0]);
    expect(msg).toMatchObject({ event: 'mark_attendance', client: 'FE', status_code: 200 });
    expect(msg.data.data.attendance_data).toMatchObject({
      slug: row.slug,
      is_present: true,
      manual: false,
      student: { enrollment: w.students.a1.student.enrollment },
      similarity: row.similarity,
      ncc: row.ncc,
    });
    // Pushed as the attempt wrote it, not read again (sessions-0012): what a fresh read gives.
    const reread = await createAttendanceRepository(t.db).attendanceOfStudent(row.sessionId, row.studentId);
    expect(marks[0].data.data.attendance_data).toEqual(JSON.parse(JSON.stringify(attendanceWire(reread!))));
  });

  it('accepts session_id instead of lecture_slug', async () => {
    const w = await startLiveWorld(t.app, t.db);
    await sheetHearingTheRoom(w);
    const fields = markFields(w, epochMs + 1000, { session_id: w.sessionId });
    delete (fields as Partial<typeof fields>).lecture_slug;
    const res = await markAttendance(t.app, w.tokens.a2, fields, recording(w));
    expect(res.status).toBe(200);
    expect((await rowOf(w.students.a2.student.id))!.isPresent).toBe(true);
  });

  it("never accepts on a tone that cannot prove the moment (the original client's looped file) without the teacher's audio: the teacher reviews it", async () => {
    const w = await startLiveWorld(t.app, t.db);
    const res = await markAttendance(t.app, w.tokens.a2, markFields(w, epochMs + 1000), recording(w));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: SENT_TO_REVIEW_CODE, message: MARKING_MESSAGES.sentToReview });
    const row = (await rowOf(w.students.a2.student.id))!;
    expect(row).toMatchObject({ isPresent: false, verdict: 'needs_review', similarity: null });
    expect(row.reasons).toEqual(['tone_time_unbounded', 'no_teacher_stream', 'tone_time_unproven']);
    expect(row.recordingPath).toMatch(/^recordings\//);
  });

  it('refuses a recording claimed long before its upload arrived (no skipping the room check), changing nothing', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const { events } = await sheetHearingTheRoom(w);
    const before = await rowOf(w.students.a1.student.id);
    const seen = events.length;
    // Ten minutes before anything the teacher streamed: the room sound cannot be compared.
    const stale = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs - 600_000), recording(w));
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe(MARKING_MESSAGES.recordingTimeEarly);
    expect(await rowOf(w.students.a1.student.id)).toEqual(before);
    await nothingPushedSince(w, events, seen);

    // The refusal did not use up the student's rate-limit slot: a proper recording goes through.
    const retry = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs + 1000), recording(w));
    expect(retry.status).toBe(200);
  });

  it('stores a recording without the tone as not confirmed, shows it to our web sheet, and the rate limit holds the retry', async () => {
    const w = await startLiveWorld(t.app, t.db);
    // The sheet reports its tone clock: the tone then proves the moment, and a recording without it
    // fails on the tone whatever a search over the file's whole loop would find in the room's noise.
    const { marks, events } = await sheetHearingTheRoom(w, { refusedAttempts: true, liveTone: true });
    const silentTone = studentRecording(null, sound, 1, epochMs);
    const res = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs + 1000), silentTone);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/^We could not confirm that you are in the classroom: .*session tone/);
    const row = (await rowOf(w.students.a1.student.id))!;
    expect(row).toMatchObject({ isPresent: false, verdict: 'absent' });
    expect(row.reasons).toContain('tone_not_detected');
    expect(row.markingTime).not.toBeNull();
    expect(await auditActions()).toContain('attendance.not_confirmed');
    await received(marks, 1);
    expect(marks[0].data.data.attendance_data).toMatchObject({ slug: row.slug, is_present: false });

    // A retry inside the 10-second limit is refused before any work, and changes nothing.
    const seen = events.length;
    const retry = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs + 1000), recording(w));
    expect(retry.status).toBe(429);
    expect(retry.body.message).toBe(MARKING_MESSAGES.tooSoon);
    expect(await rowOf(w.students.a1.student.id)).toEqual(row);
    await nothingPushedSince(w, events, seen);
    expect(marks).toHaveLength(1);
  });

  describe("an attempt that rests on a gap in the teacher's stream keeps the student's rate-limit slot", () => {
    /** A1 records somewhere else: the room comparison refuses it (403, reason stored). */
    async function expectRefusedForTheRoom(w: StartedLiveWorld) {
      const refused = await markAttendance(
        t.app,
        w.tokens.a1,
        markFields(w, epochMs + 1000),
        studentRecording(w.tone, elsewhere, 1, epochMs),
      );
      expect(refused.status).toBe(403);
      const row = (await rowOf(w.students.a1.student.id))!;
      expect(row.reasons).toContain('ambient_mismatch');
      return row;
    }

    // Another room's sound with the session tone: only the room comparison can refuse it.
    const elsewhere = roomSound(29, 8);

    it('after a second of the teacher’s audio went missing (their instance died, they rejoined), the retry is not 429', async () => {
      const w = await startLiveWorld(t.app, t.db);
      const { socket } = await sheet(w);
      // The teacher's 3rd second never arrived: the recording (09:00:01-06) is 80 % covered.
      const gappy = teacherChunks(sound, epochMs).filter((c) => c.timestampMs !== epochMs + 3000);
      await streamTeacherAudio(t.app, socket, { sessionId: w.sessionId, token: w.tokens.cst }, gappy);

      // Judged on the 80 % that exists, a mismatch is not made absent for the teacher's gap.
      const row = await expectRefusedForTheRoom(w);
      expect(row.verdict).toBe('needs_review');
      expect(row.reasons).toContain('teacher_audio_partial');

      const retry = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs + 1000), recording(w));
      expect(retry.status).not.toBe(429);
      expect(retry.status).toBe(200);
    });

    it('with the teacher’s audio complete, the same refusal keeps the slot taken (429 on the retry)', async () => {
      const w = await startLiveWorld(t.app, t.db);
      await sheetHearingTheRoom(w);
      expect((await expectRefusedForTheRoom(w)).verdict).toBe('absent');
      const retry = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs + 1000), recording(w));
      expect(retry.status).toBe(429);
    });
  });

  it('answers a second mark as already marked (code 100) and keeps the first', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const { marks, events } = await sheetHearingTheRoom(w);
    expect((await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs), recording(w))).status).toBe(200);
    await received(marks, 1);
    const first = await rowOf(w.students.a1.student.id);
    const seen = events.length;
    const again = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs), recording(w));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 100, error: true, message: MARKING_MESSAGES.alreadyMarked });
    expect(await rowOf(w.students.a1.student.id)).toEqual(first);
    await nothingPushedSince(w, events, seen);
    expect(marks).toHaveLength(1);
  });

  describe('the teacher overrides the verdict, never the reverse (design/presence.md)', () => {
    it('refuses a student whose row the teacher decided (ticked, then unticked): code 100, the row stays absent', async () => {
      const w = await startLiveWorld(t.app, t.db);
      const { socket, events } = await sheet(w);
      const teacher = { sessionId: w.sessionId, token: w.tokens.cst };
      const slug = (await rowOf(w.students.a1.student.id))!.slug;
      expect((await toggleAttendance(socket, teacher, slug, true)).status_code).toBe(200);
      expect((await toggleAttendance(socket, teacher, slug, false)).status_code).toBe(200);
      const decided = await rowOf(w.students.a1.student.id);
      expect(decided).toMatchObject({ isPresent: false, manual: true });
      expect(decided!.changedByTeacherAt).not.toBeNull();

      const seen = events.length;
      const res = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs), recording(w));
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 100, error: true, message: MARKING_MESSAGES.teacherDecided });
      expect(await rowOf(w.students.a1.student.id)).toEqual(decided);
      await nothingPushedSince(w, events, seen);
    });

    it('keeps a decision the teacher makes while the recording is being verified', async () => {
      const w = await startLiveWorld(t.app, t.db);
      const { socket, events } = await sheet(w);
      const teacher = { sessionId: w.sessionId, token: w.tokens.cst };
      const slug = (await rowOf(w.students.a1.student.id))!.slug;
      const seen = events.length;
      const verify = t.app.presence.verifyProof.bind(t.app.presence);
      const spy = vi.spyOn(t.app.presence, 'verifyProof').mockImplementationOnce(async (input) => {
        expect((await toggleAttendance(socket, teacher, slug, true)).status_code).toBe(200);
        expect((await toggleAttendance(socket, teacher, slug, false)).status_code).toBe(200);
        return verify(input);
      });
      try {
        const res = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs), recording(w));
        expect(spy).toHaveBeenCalledTimes(1);
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({ code: 100, message: MARKING_MESSAGES.teacherDecided });
        // The teacher's decision stands: no verdict was written over it.
        const row = await rowOf(w.students.a1.student.id);
        expect(row).toMatchObject({ isPresent: false, manual: true, verdict: null, similarity: null });
        expect(await auditActions()).not.toContain('attendance.marked');
        // Only the answers to the teacher's own two toggles reached the sheet, no mark.
        await expectNoPushSince(t.app, w, events, seen, { ignore: ['update_attendance'] });
        expect(events.slice(seen, seen + 2).map(([event]) => event)).toEqual([
          'update_attendance',
          'update_attendance',
        ]);
      } finally {
        spy.mockRestore();
      }
    });
  });

  describe('a failure on the server side gives the rate-limit slot back', () => {
    it('a busy presence pool (503) and an internal error (500) let the student retry at once', async () => {
      const w = await startLiveWorld(t.app, t.db);
      const { events } = await sheetHearingTheRoom(w);
      const before = await rowOf(w.students.a1.student.id);
      const seen = events.length;
      const spy = vi
        .spyOn(t.app.presence, 'verifyProof')
        .mockRejectedValueOnce(
          new AppError('overloaded', 'Too many students are marking attendance right now.'),
        )
        .mockRejectedValueOnce(new Error('the worker crashed'));
      try {
        const busy = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs), recording(w));
        expect(busy.status).toBe(503);
        expect(busy.body.message).toBe('Too many students are marking attendance right now.');
        const broken = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs), recording(w));
        expect(broken.status).toBe(500);
        expect(await rowOf(w.students.a1.student.id)).toEqual(before);
        await nothingPushedSince(w, events, seen);

        const retry = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs), recording(w));
        expect(retry.status).toBe(200);
        expect(spy).toHaveBeenCalledTimes(3);
      } finally {
        spy.mockRestore();
      }
    });
  });

  it("sends a recording made after the teacher's microphone stopped streaming to the teacher's review, without waiting", async () => {
    const w = await startLiveWorld(t.app, t.db);
    const { events } = await sheetHearingTheRoom(w, { refusedAttempts: true }); // 09:00:00-08, then nothing
    // Half a minute later (server time) the student records: no teacher audio arrived since.
    t.clock.set(new Date(epochMs + 37_000));
    const realNow = Date.now.bind(Date);
    const later = vi
      .spyOn(Date, 'now')
      .mockImplementation(() => realNow() + TEACHER_AUDIO_STALLED_MS + 25_000);
    try {
      const res = await markAttendance(
        t.app,
        w.tokens.a1,
        markFields(w, epochMs + 31_000),
        studentRecording(w.tone, sound, 1, epochMs + 30_000),
      );
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: SENT_TO_REVIEW_CODE, message: MARKING_MESSAGES.sentToReview });
    } finally {
      later.mockRestore();
    }
    const row = (await rowOf(w.students.a1.student.id))!;
    expect(row).toMatchObject({ isPresent: false, verdict: 'needs_review' });
    expect(row.reasons).toEqual(['tone_time_unbounded', 'teacher_audio_missing', 'teacher_not_streaming']);
    expect(await auditActions()).toContain('attendance.sent_to_review');
    // Our sheet shows the attempt as a row not yet present.
    await waitUntil(async () => events.some(([e]) => e === 'mark_attendance'), 'no push');
  });

  it('refuses other roles (403) and anonymous callers (401)', async () => {
    const w = await startLiveWorld(t.app, t.db);
    for (const token of [w.tokens.cst, w.tokens.admin]) {
      const res = await markAttendance(t.app, token, markFields(w, epochMs), recording(w));
      expect(res.status).toBe(403);
    }
    expect((await markAttendance(t.app, '', markFields(w, epochMs), recording(w))).status).toBe(401);
    const marked = await t.db.select().from(attendances).where(eq(attendances.isPresent, true));
    expect(marked).toEqual([]);
  });

  it('refuses a student who is not in the lecture’s batches, and creates no row for them', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const res = await markAttendance(t.app, w.tokens.b1, markFields(w, epochMs), recording(w));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MARKING_MESSAGES.notPart);
    expect(await rowOf(w.students.b1.student.id)).toBeUndefined();
  });

  it('does not find another institution’s lecture or session (404)', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const other = await buildLiveWorld(t.app, t.db);
    const bySlug = await markAttendance(t.app, other.tokens.a1, markFields(w, epochMs), recording(w));
    expect(bySlug.status).toBe(404);
    expect(bySlug.body.message).toBe('Lecture not found');
    const byId = await markAttendance(
      t.app,
      other.tokens.a1,
      { ...markFields(w, epochMs), session_id: w.sessionId },
      recording(w),
    );
    expect(byId.status).toBe(404);
    expect(byId.body.message).toBe('Session not found');
  });

  it('refuses a session not started yet (409, no code) and an ended one (code 100)', async () => {
    const w = await buildLiveWorld(t.app, t.db);
    const wav = studentRecording(null, sound, 0, epochMs);
    // No session row exists yet for today: by lecture, and by the id the timetable names it with.
    const none = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs), wav);
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ code: 'conflict', message: MARKING_MESSAGES.notStarted });
    const day = await t.app.inject({
      method: 'GET',
      url: '/api/manage/get_timetable_for_student',
      headers: { authorization: `Bearer ${w.tokens.a1}` },
    });
    const plannedId = day.json().data[0].timetables[0].lectures[0].session.session_id as string;
    expect(await t.db.select().from(lectureSessions)).toHaveLength(0);
    const planned = await markAttendance(
      t.app,
      w.tokens.a1,
      { ...markFields(w, epochMs), session_id: plannedId },
      wav,
    );
    expect(planned.status).toBe(409);
    expect(planned.body).toMatchObject({ code: 'conflict', message: MARKING_MESSAGES.notStarted });
    // A student of the institution outside the lecture learns nothing about its state.
    const stranger = await markAttendance(
      t.app,
      w.tokens.b1,
      { ...markFields(w, epochMs), session_id: plannedId },
      wav,
    );
    expect(stranger.status).toBe(403);
    expect(stranger.body.message).toBe(MARKING_MESSAGES.notPart);

    const live = await startLiveWorld(t.app, t.db);
    await t.db
      .update(lectureSessions)
      .set({ status: 'post' })
      .where(eq(lectureSessions.sessionId, live.sessionId));
    const ended = await markAttendance(t.app, live.tokens.a1, markFields(live, epochMs), recording(live));
    expect(ended.status).toBe(409);
    expect(ended.body).toMatchObject({ code: 100, message: MARKING_MESSAGES.ended });
    expect((await rowOf(live.students.a1.student.id))!.markingTime).toBeNull();
  });

  it('refuses a position outside the classroom’s geofence: nothing stored on the row, nothing pushed, the refusal audited', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const { events } = await sheet(w);
    const before = await rowOf(w.students.a1.student.id);
    const seen = events.length;
    const far = markFields(w, epochMs, { latitude: String(w.room.latitude + 0.01) }); // ~1.1 km north
    const res = await markAttendance(t.app, w.tokens.a1, far, recording(w));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MARKING_MESSAGES.outside);
    expect(await rowOf(w.students.a1.student.id)).toEqual(before);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'attendance.refused_outside_geofence'));
    expect(entry!.entitySlug).toBe(before!.slug);
    expect((entry!.detail as { distance_m: number }).distance_m).toBeGreaterThan(1000);
    await nothingPushedSince(w, events, seen);
    // A refusal for the student's own reason keeps the rate-limit slot: no instant retries.
    const retry = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs), recording(w));
    expect(retry.status).toBe(429);
  });

  it('binds a device to one student per session', async () => {
    const w = await startLiveWorld(t.app, t.db);
    await sheetHearingTheRoom(w);
    const withDevice = markFields(w, epochMs, { device_id: 'phone-of-a1' });
    expect((await markAttendance(t.app, w.tokens.a1, withDevice, recording(w))).status).toBe(200);
    expect((await rowOf(w.students.a1.student.id))!.deviceId).toBe('phone-of-a1');
    const before = await rowOf(w.students.a2.student.id);
    const borrowed = await markAttendance(t.app, w.tokens.a2, withDevice, recording(w));
    expect(borrowed.status).toBe(403);
    expect(borrowed.body.message).toBe(MARKING_MESSAGES.otherDevice);
    expect(await rowOf(w.students.a2.student.id)).toEqual(before);
    expect(await auditActions()).toContain('attendance.refused_other_device');
  });

  describe('a recording the server cannot use: a clear 400, and nothing changes', () => {
    const mono = (seconds: number) => roomSound(5, seconds);
    const cases: Array<[string, (w: StartedLiveWorld) => Uint8Array | undefined, RegExp]> = [
      ['missing', () => undefined, /^audio: A file is required$/],
      ['empty', () => new Uint8Array(0), /recording is empty/],
      ['not a WAV', () => new TextEncoder().encode('this is not audio at all'), /not a WAV file/],
      [
        'a WAV without samples',
        () => encodeWav(new Float32Array(0), 48000).subarray(0, 36),
        /not a complete WAV/,
      ],
      [
        'too short',
        (w) => studentRecording(w.tone, sound, 1, epochMs, { seconds: 1 }),
        /too short \(1\.0 s\).*at least 3 seconds/,
      ],
      ['stereo', () => encodeWav(mono(5), 48000, { channels: 2 }), /16-bit PCM mono.*2-channel/],
      ['8-bit', () => encodeWav(mono(5), 48000, { encoding: 'pcm8' }), /16-bit PCM mono.*8-bit/],
      [
        'float',
        () => encodeWav(mono(5), 48000, { encoding: 'float32' }),
        /16-bit PCM mono.*32-bit, format 3/,
      ],
      ['an odd sample rate', () => encodeWav(mono(5), 4000), /sample rate \(4000 Hz\)/],
    ];

    it.each(cases)('%s', async (_name, make, message) => {
      const w = await startLiveWorld(t.app, t.db);
      const { events } = await sheetHearingTheRoom(w);
      const before = await rowOf(w.students.a1.student.id);
      const auditBefore = await auditActions();
      const seen = events.length;
      const res = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs), make(w));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(true);
      expect(res.body.message).toMatch(message);
      expect(await rowOf(w.students.a1.student.id)).toEqual(before);
      expect(await auditActions()).toEqual(auditBefore);
      await nothingPushedSince(w, events, seen);
      // Not even the rate-limit slot was spent: a good recording right after is marked.
      const good = await markAttendance(t.app, w.tokens.a1, markFields(w, epochMs), recording(w));
      expect(good.status).toBe(200);
    });
  });

  it('validates the fields', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const bad: Array<[Record<string, string>, RegExp]> = [
      [markFields(w, epochMs, { latitude: 'north' }), /latitude/],
      [markFields(w, epochMs, { longitude: '200' }), /longitude/],
      [markFields(w, epochMs, { start_time: 'yesterday' }), /start_time/],
      [{ latitude: '23', longitude: '72', start_time: String(epochMs) }, /lecture_slug is required/],
    ];
    for (const [fields, message] of bad) {
      const res = await markAttendance(t.app, w.tokens.a1, fields, recording(w));
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    const rows = await t.db
      .select()
      .from(attendances)
      .where(and(eq(attendances.studentId, w.students.a1.student.id)));
    expect(rows[0]!.markingTime).toBeNull();
  });
});
