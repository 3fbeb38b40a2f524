import { beforeEach, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  encodeWav,
  openStoredTeacherChunks,
  synthesizeChallenge,
  synthesizeSpan,
  ToneSchedule,
  type TeacherChunk,
} from '@rollbook/presence';
import { ChallengeAnswerSchema, ToneLevelMessageSchema, type IssuedChallenge } from '@rollbook/contract';
import { attendances, institutions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { call } from '../../testing/test-app';
import { roomSound, studentRecording, teacherChunks } from '../../testing/audio';
import {
  buildLiveWorld,
  markAttendance,
  markFields,
  nextEvent,
  reportToneClock,
  sessionTone,
  startedEarlier,
  startLiveWorld,
  startSession,
  streamTeacherAudio,
  useListeningTestApp,
  type StartedLiveWorld,
} from '../../testing/live-fixture';
import { MARKING_MESSAGES } from './marking-messages';
import type { StoredSessionTone } from './session-tone';
import { CHALLENGE_TTL_MS } from './two-way-challenge';

const RATE = 48000;
// The phone's challenge as its own microphone hears it, and as the teacher's hears it metres away.
const SELF_GAIN = 0.05;
const ROOM_GAIN = 0.02;
// The phone's output starts this long after its recording (its audio latency).
const EMISSION_DELAY = Math.round(0.06 * RATE);

describe('the two-way check in the product (issue 17 item 4): an institution setting for our web app', () => {
  // No rate limit: a refused attempt holds the student's slot, and the early "too soon" (429) would
  // answer a second recording before its challenge is looked at (the limit has its own tests).
  const { t, sockets, baseUrl } = useListeningTestApp({ attendanceRateLimitSeconds: 0 });
  const sound = roomSound(11, 8);
  const epochMs = new Date('2026-11-02T09:00:00+05:30').getTime();
  // The recording: seconds 1-6 of the room's sound.
  const recordingStartMs = epochMs + 1000;
  beforeEach(() => t.clock.set(new Date(epochMs + 8000)));

  const useTwoWay = (on = true, required = false) =>
    t.db.update(institutions).set({ twoWayCheck: on, twoWayCheckRequired: required });
  const rowOf = async (studentId: number) =>
    (await t.db.select().from(attendances).where(eq(attendances.studentId, studentId)))[0]!;

  /** `POST /api/sessions/challenge` as our web app calls it just before recording, at `atMs`. */
  async function askChallenge(w: { lecture: { slug: string } }, token: string, atMs = epochMs + 500) {
    const now = t.clock.now();
    t.clock.set(new Date(atMs));
    try {
      return await call(t.app, {
        method: 'POST',
        url: '/api/sessions/challenge',
        token,
        body: { lecture_slug: w.lecture.slug },
      });
    } finally {
      t.clock.set(now);
    }
  }

  async function challengeFor(w: StartedLiveWorld, token = w.tokens.a1): Promise<IssuedChallenge> {
    const res = await askChallenge(w, token);
    expect(res.status).toBe(200);
    const { challenge } = ChallengeAnswerSchema.parse(res.body.data);
    expect(challenge).not.toBeNull();
    return challenge!;
  }

  const challengeSamples = (c: IssuedChallenge) => synthesizeChallenge(c.key_hex, c.config, RATE);

  /** The live tone the teacher's speaker plays from `epochMs`, for `seconds`. */
  const liveTone = (tone: StoredSessionTone, seconds: number) =>
    synthesizeSpan(
      new ToneSchedule(tone.keyHex, tone.config),
      (epochMs - tone.epochMs) / 1000,
      seconds,
      RATE,
    );

  /** The teacher's microphone: the room, its own speaker's tone and (optionally) a phone's challenge. */
  function teacherHearing(
    tone: StoredSessionTone,
    challenge: Float32Array | null,
    toneGain = 0.05,
  ): TeacherChunk[] {
    const chirps = liveTone(tone, 8);
    const at = Math.round(((recordingStartMs - epochMs) / 1000) * RATE) + EMISSION_DELAY;
    return teacherChunks(
      sound.map((v, i) => {
        const phone = challenge && i >= at ? (challenge[i - at] ?? 0) : 0;
        return v + toneGain * chirps[i]! + ROOM_GAIN * phone;
      }),
      epochMs,
    );
  }

  /** A1's recording of seconds 1-6 with the tone; with the challenge its phone played from the start. */
  function recordingWith(tone: StoredSessionTone, challenge: Float32Array | null): Uint8Array {
    const chirps = synthesizeSpan(
      new ToneSchedule(tone.keyHex, tone.config),
      (recordingStartMs - tone.epochMs) / 1000,
      5,
      RATE,
    );
    const start = Math.round(((recordingStartMs - epochMs) / 1000) * RATE);
    const samples = Float32Array.from(
      { length: 5 * RATE },
      (_, i) =>
        0.5 * sound[start + i]! +
        0.01 * chirps[i]! +
        (challenge ? SELF_GAIN * (challenge[i - EMISSION_DELAY] ?? 0) : 0),
    );
    return encodeWav(samples, RATE);
  }

  /** Our teacher sheet playing the tone live, streaming what its microphone hears; the level check's answer. */
  async function sheetStreaming(w: StartedLiveWorld, chunks: TeacherChunk[]) {
    const session = { sessionId: w.sessionId, token: w.tokens.cst };
    const joined = await sockets.join(baseUrl(), w.sessionId, w.tokens.cst, {
      refusedAttempts: true,
      liveTone: true,
    });
    await reportToneClock(t.app, joined.socket, session, { offsetMs: 0, toleranceMs: 50 });
    const level = nextEvent(joined.socket, 'tone_level');
    await streamTeacherAudio(t.app, joined.socket, session, chunks);
    return ToneLevelMessageSchema.parse(await level);
  }

  /** A1 marked present with the two-way check applied and passed. */
  async function expectCheckedPresent(w: StartedLiveWorld) {
    const row = await rowOf(w.students.a1.student.id);
    expect(row.verdict).toBe('present');
    expect(row.reasons!.filter((r) => r.startsWith('challenge'))).toEqual([]);
  }

  /** The presence pool fails the next verification on the server's side (a 503 the client retries). */
  const poolBusyOnce = () =>
    vi
      .spyOn(t.app.presence, 'verifyProof')
      .mockRejectedValueOnce(
        new AppError('overloaded', 'Too many students are marking attendance right now.'),
      );

  const markA1 = (w: StartedLiveWorld, wav: Uint8Array, extra: Record<string, string> = {}) =>
    markAttendance(t.app, w.tokens.a1, markFields(w, recordingStartMs, extra), wav);

  describe("the teacher's band", () => {
    it('is kept on every chunk while the institution uses the check, after the level is known too', async () => {
      const w = await startLiveWorld(t.app, t.db);
      await useTwoWay();
      const chunks = teacherHearing(w.tone, null);
      const session = { sessionId: w.sessionId, token: w.tokens.cst };
      const joined = await sockets.join(baseUrl(), w.sessionId, w.tokens.cst, { liveTone: true });
      await reportToneClock(t.app, joined.socket, session, { offsetMs: 0, toleranceMs: 50 });
      const level = nextEvent(joined.socket, 'tone_level');
      await streamTeacherAudio(t.app, joined.socket, session, chunks.slice(0, 6));
      await level;
      await streamTeacherAudio(t.app, joined.socket, session, chunks.slice(6));
      const stored = await t.app.liveStore.teacherChunks(w.sessionId, 0, Number.MAX_SAFE_INTEGER);
      const opened = openStoredTeacherChunks(stored, { audio: false });
      expect(opened).toHaveLength(8);
      expect(opened.some((c) => c.bandDropped)).toBe(false);
    });
  });

  describe('issuing a challenge', () => {
    it('answers null while the institution does not use the check', async () => {
      const w = await startLiveWorld(t.app, t.db);
      const res = await askChallenge(w, w.tokens.a1);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ challenge: null });
    });

    it("gives a student of the session a key for this attempt above the tone's band, expiring soon", async () => {
      const w = await startLiveWorld(t.app, t.db);
      await useTwoWay();
      const c = await challengeFor(w);
      expect(c.key_hex).toMatch(/^[0-9a-f]{64}$/);
      expect(c.key_hex).not.toBe(w.tone.keyHex);
      expect(c.config).toMatchObject({ bandLowHz: w.tone.config.bandHighHz + 300, slots: 2 });
      expect(c.expires_at_ms).toBe(epochMs + 500 + CHALLENGE_TTL_MS);
      // Another attempt, another key.
      expect((await challengeFor(w)).key_hex).not.toBe(c.key_hex);
    });

    it('plays a session started while the check is on on a band topping out at 19 kHz, its challenge just above', async () => {
      /** Starts the world's lecture now and answers the world with its session's stored tone. */
      const started = async (twoWay: boolean) => {
        const w = await buildLiveWorld(t.app, t.db);
        await useTwoWay(twoWay);
        const res = await startedEarlier(t.app, () => startSession(t.app, w.tokens.cst, w.lecture.slug));
        expect(res.status).toBe(200);
        return { ...w, tone: await sessionTone(t.db, res.body.data.session_id as string) };
      };
      const off = await started(false);
      const on = await started(true);
      // The server's band (17-20 kHz by default) slid down by what it rose above 19 kHz, same width.
      expect(off.tone.config.bandHighHz).toBeGreaterThan(19000);
      expect(on.tone.config.bandHighHz).toBe(19000);
      expect(on.tone.config.bandHighHz - on.tone.config.bandLowHz).toBe(
        off.tone.config.bandHighHz - off.tone.config.bandLowHz,
      );
      expect(on.tone.config.slots).toBe(off.tone.config.slots);
      const res = await askChallenge(on, on.tokens.a1);
      const { challenge } = ChallengeAnswerSchema.parse(res.body.data);
      expect(challenge!.config.bandLowHz).toBe(19300);
      expect(challenge!.config.bandHighHz).toBeLessThanOrEqual(20500);
    });

    it('refuses a teacher, a student who is not in the lecture, and an unknown session', async () => {
      const w = await startLiveWorld(t.app, t.db);
      await useTwoWay();
      expect((await askChallenge(w, w.tokens.cst)).status).toBe(403);
      const stranger = await askChallenge(w, w.tokens.b1);
      expect(stranger.status).toBe(403);
      expect(stranger.body.message).toBe(MARKING_MESSAGES.notPart);
      const unknown = await call(t.app, {
        method: 'POST',
        url: '/api/sessions/challenge',
        token: w.tokens.a1,
        body: { session_id: 'f'.repeat(32) },
      });
      expect(unknown.status).toBe(404);
    });
  });

  describe('redeeming it with the recording', () => {
    it('is single use: a second recording with the same challenge is refused, storing nothing', async () => {
      const w = await startLiveWorld(t.app, t.db);
      await useTwoWay();
      const c = await challengeFor(w);
      // The first attempt spends it (here refused for its position, after the challenge was claimed).
      const far = await markAttendance(
        t.app,
        w.tokens.a1,
        markFields(w, recordingStartMs, { challenge_attempt: c.attempt_id, latitude: '0', longitude: '0' }),
        recordingWith(w.tone, challengeSamples(c)),
      );
      expect(far.status).toBe(403);
      const before = await rowOf(w.students.a1.student.id);
      const again = await markA1(w, recordingWith(w.tone, challengeSamples(c)), {
        challenge_attempt: c.attempt_id,
      });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(MARKING_MESSAGES.challengeUsed);
      expect(await rowOf(w.students.a1.student.id)).toEqual(before);
    });

    it('judges the same upload sent again after a server failure, and refuses another recording with its challenge', async () => {
      const w = await startLiveWorld(t.app, t.db);
      await useTwoWay();
      const c = await challengeFor(w);
      await sheetStreaming(w, teacherHearing(w.tone, challengeSamples(c)));
      const wav = recordingWith(w.tone, challengeSamples(c));
      const fields = markFields(w, recordingStartMs, { challenge_attempt: c.attempt_id });
      const key = { 'idempotency-key': randomUUID() };
      // The first upload spends the challenge, then the server fails (a busy presence pool).
      const spy = poolBusyOnce();
      try {
        const busy = await markAttendance(t.app, w.tokens.a1, fields, wav, key);
        expect(busy.status).toBe(503);
        // Our client sends the same upload again (same key, recording and start time): it is judged.
        const retry = await markAttendance(t.app, w.tokens.a1, fields, wav, key);
        expect(retry.status).toBe(200);
        expect(spy).toHaveBeenCalledTimes(2);
      } finally {
        spy.mockRestore();
      }
      await expectCheckedPresent(w);
    });

    it('refuses a different recording, or the same one claiming another moment, with a challenge already used', async () => {
      const w = await startLiveWorld(t.app, t.db);
      await useTwoWay();
      const c = await challengeFor(w);
      const wav = recordingWith(w.tone, challengeSamples(c));
      const spy = poolBusyOnce();
      try {
        const busy = await markA1(w, wav, { challenge_attempt: c.attempt_id });
        expect(busy.status).toBe(503);
      } finally {
        spy.mockRestore();
      }
      const before = await rowOf(w.students.a1.student.id);
      const other = recordingWith(w.tone, null);
      const moved = markFields(w, recordingStartMs + 200, { challenge_attempt: c.attempt_id });
      for (const res of [
        await markA1(w, other, { challenge_attempt: c.attempt_id }),
        await markAttendance(t.app, w.tokens.a1, moved, wav),
      ]) {
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(MARKING_MESSAGES.challengeUsed);
      }
      expect(await rowOf(w.students.a1.student.id)).toEqual(before);
    });

    it('refuses an expired challenge', async () => {
      const w = await startLiveWorld(t.app, t.db);
      await useTwoWay();
      const c = await challengeFor(w);
      const lateMs = epochMs + 500 + CHALLENGE_TTL_MS + 1000;
      t.clock.set(new Date(lateMs + 6000));
      const res = await markAttendance(
        t.app,
        w.tokens.a1,
        markFields(w, lateMs, { challenge_attempt: c.attempt_id }),
        studentRecording(w.tone, sound, 1, epochMs),
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MARKING_MESSAGES.challengeExpired);
    });

    it("refuses another student's challenge and a made-up one", async () => {
      const w = await startLiveWorld(t.app, t.db);
      await useTwoWay();
      const a2s = await challengeFor(w, w.tokens.a2);
      const before = await rowOf(w.students.a1.student.id);
      for (const attempt of [
        a2s.attempt_id,
        `${(epochMs + 500).toString(36)}.${'0'.repeat(32)}.${'1'.repeat(32)}`,
      ]) {
        const res = await markA1(w, recordingWith(w.tone, challengeSamples(a2s)), {
          challenge_attempt: attempt,
        });
        expect(res.status).toBe(403);
        expect(res.body.message).toBe(MARKING_MESSAGES.challengeForeign);
      }
      expect(await rowOf(w.students.a1.student.id)).toEqual(before);
    });
  });

  describe('the verdict', () => {
    it("accepts a phone whose challenge the teacher's microphone heard at the moment claimed", async () => {
      const w = await startLiveWorld(t.app, t.db);
      await useTwoWay();
      const c = await challengeFor(w);
      const level = await sheetStreaming(w, teacherHearing(w.tone, challengeSamples(c)));
      expect(level.challenge_band).toBe('heard');
      const res = await markA1(w, recordingWith(w.tone, challengeSamples(c)), {
        challenge_attempt: c.attempt_id,
      });
      expect(res.status).toBe(200);
      await expectCheckedPresent(w);
    });

    it('never accepts a relayed attempt (the phone played its challenge, the room never heard it): the teacher reviews it', async () => {
      const w = await startLiveWorld(t.app, t.db);
      await useTwoWay();
      const c = await challengeFor(w);
      await sheetStreaming(w, teacherHearing(w.tone, null));
      const res = await markA1(w, recordingWith(w.tone, challengeSamples(c)), {
        challenge_attempt: c.attempt_id,
      });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MARKING_MESSAGES.sentToReviewChallengeNotHeard);
      const row = await rowOf(w.students.a1.student.id);
      expect(row.verdict).toBe('needs_review');
      expect(row.reasons).toContain('challenge_not_heard');
    });

    it("sends a recording without a challenge to the teacher's review while the check is on, and judges it as before when off", async () => {
      const w = await startLiveWorld(t.app, t.db);
      await useTwoWay();
      await sheetStreaming(w, teacherHearing(w.tone, null));
      const res = await markA1(w, recordingWith(w.tone, null));
      expect(res.status).toBe(403);
      const row = await rowOf(w.students.a1.student.id);
      expect(row.verdict).toBe('needs_review');
      expect(row.reasons).toContain('challenge_missing');

      await useTwoWay(false);
      const off = await markAttendance(
        t.app,
        w.tokens.a2,
        markFields(w, recordingStartMs),
        recordingWith(w.tone, null),
      );
      expect(off.status).toBe(200);
      expect((await rowOf(w.students.a2.student.id)).reasons!.some((r) => r.startsWith('challenge'))).toBe(
        false,
      );
    });
  });

  describe("the gate on the teacher's microphone band", () => {
    /** A1's attempt with its challenge (recorded over `recordedTone`) where the band is not heard. */
    async function markWhereTheBandIsNotHeard(w: StartedLiveWorld, recordedTone = w.tone) {
      const c = await challengeFor(w);
      // Their microphone barely hears their own speaker: no chance of hearing a phone above it.
      const level = await sheetStreaming(w, teacherHearing(w.tone, challengeSamples(c), 0));
      const res = await markA1(w, recordingWith(recordedTone, challengeSamples(c)), {
        challenge_attempt: c.attempt_id,
      });
      return { level, res, row: await rowOf(w.students.a1.student.id) };
    }

    it('tells the teacher once when their microphone cannot hear the band, and then says so on every mark', async () => {
      const w = await startLiveWorld(t.app, t.db);
      await useTwoWay();
      const { level, res, row } = await markWhereTheBandIsNotHeard(w);
      expect(level).toMatchObject({ challenge_band: 'not_heard', challenge_required: false });
      expect(res.status).toBe(200);
      expect(row.verdict).toBe('present');
      expect(row.reasons).toContain('challenge_band_not_heard');
      expect(row.reasons).not.toContain('challenge_not_heard');
    });

    /** A1's attempt with its challenge while the band is unmeasured: the teacher streams without our sheet. */
    async function markBeforeTheBandIsMeasured(w: StartedLiveWorld) {
      const c = await challengeFor(w);
      const plain = await sockets.join(baseUrl(), w.sessionId, w.tokens.cst);
      await streamTeacherAudio(
        t.app,
        plain.socket,
        { sessionId: w.sessionId, token: w.tokens.cst },
        teacherChunks(sound, epochMs),
      );
      const res = await markA1(w, studentRecording(w.tone, sound, 1, epochMs), {
        challenge_attempt: c.attempt_id,
      });
      return { res, row: await rowOf(w.students.a1.student.id) };
    }

    it('says the check was not applied while the band has not been measured (no live sheet)', async () => {
      const w = await startLiveWorld(t.app, t.db);
      await useTwoWay();
      const { res, row } = await markBeforeTheBandIsMeasured(w);
      expect(res.status).toBe(200);
      expect(row.reasons).toContain('challenge_band_unmeasured');
    });

    it("sends every mark to the teacher's review where the institution requires the check and the band is not heard", async () => {
      const w = await startLiveWorld(t.app, t.db);
      await useTwoWay(true, true);
      const { level, res, row } = await markWhereTheBandIsNotHeard(w);
      expect(level).toMatchObject({ challenge_band: 'not_heard', challenge_required: true });
      // Every other check passed (the same attempt is present without the requirement, above).
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MARKING_MESSAGES.sentToReviewChallengeRequired);
      expect(row.verdict).toBe('needs_review');
      expect(row.reasons).toEqual(expect.arrayContaining(['challenge_band_not_heard', 'challenge_required']));
    });

    it('leaves an attempt that fails another check absent where the check is required, naming the skip only', async () => {
      const w = await startLiveWorld(t.app, t.db);
      await useTwoWay(true, true);
      // Another lecture's tone: the tone check fails on the student's side.
      const { res, row } = await markWhereTheBandIsNotHeard(w, { ...w.tone, keyHex: 'ab'.repeat(32) });
      expect(res.status).toBe(403);
      expect(row.verdict).toBe('absent');
      expect(row.reasons).toContain('challenge_band_not_heard');
      expect(row.reasons).not.toContain('challenge_required');
    });

    it('applies a required check as any other where the band is heard: the phone heard is present', async () => {
      const w = await startLiveWorld(t.app, t.db);
      await useTwoWay(true, true);
      const c = await challengeFor(w);
      const level = await sheetStreaming(w, teacherHearing(w.tone, challengeSamples(c)));
      expect(level).toMatchObject({ challenge_band: 'heard', challenge_required: true });
      const res = await markA1(w, recordingWith(w.tone, challengeSamples(c)), {
        challenge_attempt: c.attempt_id,
      });
      expect(res.status).toBe(200);
      await expectCheckedPresent(w);
    });

    it("sends a mark to review while a required check's band has not been measured", async () => {
      const w = await startLiveWorld(t.app, t.db);
      await useTwoWay(true, true);
      const { res, row } = await markBeforeTheBandIsMeasured(w);
      expect(res.status).toBe(403);
      expect(row.verdict).toBe('needs_review');
      expect(row.reasons).toEqual(
        expect.arrayContaining(['challenge_band_unmeasured', 'challenge_required']),
      );
    });

    it('sends no band to a teacher whose institution does not use the check', async () => {
      const w = await startLiveWorld(t.app, t.db);
      const level = await sheetStreaming(w, teacherHearing(w.tone, null));
      expect(level.challenge_band).toBeUndefined();
    });
  });
});
