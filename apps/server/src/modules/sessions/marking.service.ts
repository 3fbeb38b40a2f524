import {
  ABSENT_REASONS,
  haversineMeters,
  PresenceInputError,
  type ProofInput,
  type ProofResult,
} from '@rollbook/presence';
import {
  SENT_TO_REVIEW_CODE,
  type MarkAttendanceFields,
  type MarkForRegulizationBody,
} from '@rollbook/contract';
import type { AppDeps } from '../../plugins/app/deps';
import type { AuthContext } from '../../lib/caller';
import type { LiveStore } from '../../plugins/app/live-store';
import type { PresenceVerifier } from '../../plugins/app/presence';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { localDate } from '../../lib/week';
import { attendanceWire } from '../../domain/attendance-wire';
import type { LiveRoom } from './live-room';
import { checkRecording } from './recording-check';
import { MARKING_MESSAGES, REASON_TEXTS, reviewAnswer } from './marking-messages';
import { boundRecordingTime, type RecordingWindow } from './recording-time';
import { removeRecording, storeRecording } from './review-recordings';
import { teacherAudioFor } from './teacher-audio';
import { finalVerdict, type FinalVerdict, type StoredReason } from './verdict-rule';
import { readSessionTone, toneInput } from './session-tone';
import { livePlaybackOf } from './tone-playback';
import { playingFileStart } from './playing-file';
import {
  mintChallenge,
  redeemChallenge,
  twoWayPlan,
  uploadIdentity,
  withTwoWay,
  type ChallengeRefusal,
  type TwoWayPlan,
} from './two-way-challenge';
import type { TwoWaySetting } from '../../domain/two-way-setting';
import type { ThrottleStore } from '../../plugins/app/throttle-store';
import type { ChallengeAnswer, ChallengeRequestBody } from '@rollbook/contract';
import { createLectureRepositories } from '../../domain/lectures/lecture-repositories';
import { createSessionAudience } from '../../domain/lectures/session-audience';
import type { LiveSessionRow } from '../../domain/lectures/lecture-sessions.repository';
import {
  createAttendanceRepository,
  recordAuditedAttempt,
  type AttendanceRow,
} from '../../domain/attendance.repository';
import {
  createMarkingContextReader,
  markingSettingsOf,
  type MarkingSettings,
  type SessionRef,
} from '../../domain/lectures/marking-context';

export { MARKING_MESSAGES };

const blocking = new Set<string>(ABSENT_REASONS);
const isBlocking = (reason: StoredReason) => blocking.has(reason);

/** What is stored for an attempt that could not be verified at all (a session started before v2). */
const UNVERIFIED = { ncc: 0, magnitude: 0, similarity: null, euclidean_distance: null, gps_distance: null };

/** The audit action of each stored verdict. */
const AUDIT_ACTIONS = {
  present: 'attendance.marked',
  absent: 'attendance.not_confirmed',
  needs_review: 'attendance.sent_to_review',
} as const;

/** The contract's "marked / accepted" code (§6.2, §6.3). */
export const MARKED_CODE = 100;

const done = (message: string) => new AppError('conflict', message, { extra: { code: MARKED_CODE } });

/**
 * A failure of the server's, not of the student's attempt: a busy presence pool (503) or anything
 * unexpected. Such an attempt gives its rate-limit slot back; refusals for the student's own
 * reasons (4xx: outside the geofence, an unreadable recording, no tone) keep it.
 */
const serverSide = (err: unknown) => !(err instanceof AppError) || err.status >= 500;

/** Refusals that give the slot back although they are 4xx: the teacher's audio, not the student, failed. */
const slotReturned = new WeakSet<AppError>();

/**
 * The answer to an attempt sent to the teacher's review: not marked (the original client shows the
 * message and re-enables its button), with Rollbook's own code so our web client can say so.
 */
const sentToReview = (message: string = MARKING_MESSAGES.sentToReview) =>
  new AppError('forbidden', message, { extra: { code: SENT_TO_REVIEW_CODE } });

/**
 * The rate-limit slot of a student's marking attempts. Keyed by the profile's slug, which the token
 * names (so the slot can be checked before anything is read) and which is unique across
 * databases: integer ids restart after a reset while Redis keeps its keys.
 */
const markingSlotKey = (auth: AuthContext) => `attendance:${auth.profileSlug}`;

export interface MarkingServiceDeps extends Pick<AppDeps, 'db' | 'clock' | 'config' | 'mediaDir'> {
  liveStore: LiveStore;
  presence: PresenceVerifier;
  room: LiveRoom;
  /** Single use of two-way challenges, shared by every instance. */
  throttle: Pick<ThrottleStore, 'claimFor'>;
}

/** The refusal of a challenge sent with a recording (nothing is stored, no rate-limit slot spent). */
const CHALLENGE_REFUSALS: Record<ChallengeRefusal, () => AppError> = {
  challenge_foreign: () => forbidden(MARKING_MESSAGES.challengeForeign),
  challenge_expired: () => badRequest(MARKING_MESSAGES.challengeExpired),
  challenge_used: () => new AppError('conflict', MARKING_MESSAGES.challengeUsed),
};

/**
 * The student's side of a session: marking attendance with a position and a recording
 * (§6.2), and asking the teacher to mark it manually (§6.3).
 */
export function createMarkingService(deps: MarkingServiceDeps) {
  const { people, lectureRepo, sessionRepo, attendanceRepo } = createLectureRepositories(deps.db);
  const audience = createSessionAudience(deps.db);
  const readMarkingContext = createMarkingContextReader(deps.db);

  async function requireStudent(auth: AuthContext) {
    const student = await people.studentOfProfile(auth.profileId);
    if (!student) throw forbidden('Only students can mark attendance');
    return student;
  }

  /** The session named by `session_id`, or today's session of `lecture_slug`, in the caller's institution. */
  async function findSession(
    auth: AuthContext,
    ref: { lecture_slug?: string | undefined; session_id?: string | undefined },
  ): Promise<LiveSessionRow> {
    if (ref.session_id !== undefined) {
      const session = await sessionRepo.sessionById(ref.session_id, auth.institutionId);
      if (session) return session;
      // The timetable names today's sessions before they exist (a read never writes): such an
      // id is a session not started yet, told (like a `pre` row) only to the lecture's students.
      const timeZone = await people.institutionTimezone(auth.institutionId);
      const today = localDate(deps.clock.now(), timeZone);
      const planned = await sessionRepo.plannedSession(ref.session_id, auth.institutionId, [today]);
      if (!planned) throw notFound('Session');
      const student = await requireStudent(auth);
      if (!(await lectureRepo.isStudentOfLecture(planned.lectureId, student.id))) {
        throw forbidden(MARKING_MESSAGES.notPart);
      }
      throw new AppError('conflict', MARKING_MESSAGES.notStarted);
    }
    const lecture = await lectureRepo.lectureBySlug(ref.lecture_slug!, auth.institutionId);
    if (!lecture) throw notFound('Lecture');
    const today = localDate(deps.clock.now(), await people.institutionTimezone(auth.institutionId));
    // Today's session only: the original looked up "the first session of the lecture" and could
    // pick an old one (server-notes §3.5).
    const session = await sessionRepo.sessionOfLecture(lecture.id, today);
    if (!session) throw new AppError('conflict', MARKING_MESSAGES.notStarted);
    return session;
  }

  /**
   * The caller's attendance row in a live session, created if they joined a batch after the start.
   * Membership is checked first: a stranger learns nothing about the session's state (and never
   * gets the "done" code 100 that disables a student's buttons).
   */
  async function ownRow(
    session: LiveSessionRow,
    studentId: number,
    known?: { row: AttendanceRow | null; member: boolean },
  ): Promise<AttendanceRow> {
    let row = known
      ? (known.row ?? undefined)
      : await attendanceRepo.attendanceOfStudent(session.id, studentId);
    if (!row && !(known ? known.member : await audience.includes(session, studentId))) {
      throw forbidden(MARKING_MESSAGES.notPart);
    }
    if (session.status === 'pre') throw new AppError('conflict', MARKING_MESSAGES.notStarted);
    if (session.status === 'post') throw done(MARKING_MESSAGES.ended);
    if (!row) {
      await attendanceRepo.ensureAttendances(session.id, [studentId]);
      row = (await attendanceRepo.attendanceOfStudent(session.id, studentId))!;
    }
    if (row.isPresent) throw done(MARKING_MESSAGES.alreadyMarked);
    return row;
  }

  /**
   * The caller's student, the session they name and their row in it (membership, live, not marked:
   * `ownRow`'s refusals), and the institution's marking settings (the two-way check, the review of
   * marks the tone cannot time). The common case is
   * one joined statement (sessions-0014); whenever it finds nothing (not a student, no such lecture
   * or session, not today's, an instant lecture), the reads below run one by one as before and
   * refuse in the same order with the same words.
   */
  async function markingContext(auth: AuthContext, ref: { lecture_slug?: string; session_id?: string }) {
    const named: SessionRef =
      ref.session_id !== undefined ? { session_id: ref.session_id } : { lecture_slug: ref.lecture_slug! };
    const joined = await readMarkingContext(auth, named, deps.clock.now());
    if (joined) {
      const row = await ownRow(joined.session, joined.student.id, joined);
      return { ...joined, row };
    }
    const student = await requireStudent(auth);
    const session = await findSession(auth, ref);
    const row = await ownRow(session, student.id);
    return { student, session, row, ...(await markingSettingsOf(deps.db, session.institutionId)) };
  }

  /**
   * Why a row takes no new marking attempt: present already, or decided by the teacher (a toggle
   * or an approval sets `changed_by_teacher_at`). design/presence.md lets the teacher override the
   * verdict; a student's later attempt must not override the teacher. Done (code 100) either way:
   * nothing the student sends can change the row any more.
   */
  function closedToAttempts(row: AttendanceRow): AppError | null {
    if (row.isPresent) return done(MARKING_MESSAGES.alreadyMarked);
    if (row.changedByTeacherAt !== null) return done(MARKING_MESSAGES.teacherDecided);
    return null;
  }

  /**
   * Refuses a device that already marked another student of this session (design/presence.md T5).
   * The refusal is audited: it is the trace of one phone marking for several students.
   */
  async function checkDevice(
    auth: AuthContext,
    session: LiveSessionRow,
    row: AttendanceRow,
    deviceId: string | undefined,
  ) {
    if (deviceId === undefined || deviceId === '') return;
    const holder = await attendanceRepo.deviceHolder(session.id, deviceId);
    if (holder === undefined || holder === row.studentId) return;
    await audit(deps.db, {
      institutionId: auth.institutionId,
      actorProfileId: auth.profileId,
      action: 'attendance.refused_other_device',
      entityType: 'attendance',
      entitySlug: row.slug,
      detail: { session: session.sessionId, device_id: deviceId },
    });
    throw forbidden(MARKING_MESSAGES.otherDevice);
  }

  function rejection(reasons: StoredReason[]): string {
    if (reasons.includes('outside_geofence')) return MARKING_MESSAGES.outside;
    const why = reasons.filter(isBlocking).map((r) => REASON_TEXTS[r]);
    return (
      `We could not confirm that you are in the classroom: ${why.join('; ')}. ` +
      "Try again closer to the teacher's device, or send a manual marking request."
    );
  }

  /**
   * One attempt once its rate-limit slot is held: device binding, the geofence, the teacher's audio
   * of the window (waited for while it is on its way), verification, and the verdict stored (unless
   * the row was marked or decided by the teacher meanwhile), with the recording when it goes to
   * the teacher's review.
   */
  async function attempt(
    auth: AuthContext,
    fields: MarkAttendanceFields,
    audio: Uint8Array,
    session: LiveSessionRow,
    row: AttendanceRow,
    window: RecordingWindow,
    arrivalMs: number,
    twoWay: TwoWayPlan,
    { reviewUntimedTone }: Pick<MarkingSettings, 'reviewUntimedTone'>,
  ): Promise<void> {
    await checkDevice(auth, session, row, fields.device_id);

    const position = { latitude: fields.latitude, longitude: fields.longitude };
    const room = session.classroom;
    if (!room) throw new AppError('conflict', MARKING_MESSAGES.noPlace);
    const distance = haversineMeters(position, room);
    if (distance > room.radiusM) {
      await audit(deps.db, {
        institutionId: auth.institutionId,
        actorProfileId: auth.profileId,
        action: 'attendance.refused_outside_geofence',
        entityType: 'attendance',
        entitySlug: row.slug,
        detail: { session: session.sessionId, distance_m: Math.round(distance), radius_m: room.radiusM },
      });
      throw forbidden(MARKING_MESSAGES.outside);
    }

    const judged = await judge(session, audio, window, arrivalMs, twoWay, {
      position,
      classroom: { latitude: room.latitude, longitude: room.longitude, radiusM: room.radiusM },
      reviewUntimedTone,
    });
    const { result } = judged;
    const { verdict, reasons } = judged.final;
    const present = verdict === 'present';
    // Written before the transaction (no file work inside it) and removed if the row is not.
    const recordingPath =
      verdict === 'needs_review' ? await storeRecording(deps.mediaDir, session.sessionId, audio) : null;
    const now = deps.clock.now();
    // The UPDATE and its audit entry in one statement, atomic without a transaction (sessions-0014).
    const outcome = await recordAuditedAttempt(
      deps.db,
      row.id,
      {
        isPresent: present,
        manual: false,
        markingTime: now,
        latitude: fields.latitude,
        longitude: fields.longitude,
        gpsDistance: result.gps_distance ?? distance,
        similarity: result.similarity,
        euclideanDistance: result.euclidean_distance,
        ncc: result.ncc,
        magnitude: result.magnitude,
        verdict,
        reasons,
        recordingPath,
        ...(fields.device_id ? { deviceId: fields.device_id } : {}),
      },
      {
        institutionId: auth.institutionId,
        actorProfileId: auth.profileId,
        action: AUDIT_ACTIONS[verdict],
        entityType: 'attendance',
        entitySlug: row.slug,
        detail: { session: session.sessionId, verdict, reasons },
      },
    ).catch(async (err: unknown) => {
      if (recordingPath) await removeRecording(deps.mediaDir, recordingPath);
      throw err;
    });
    if (outcome.kind !== 'stored') {
      if (recordingPath) await removeRecording(deps.mediaDir, recordingPath);
      // Another student's request with this device won a race for the (session, device) key.
      if (outcome.kind === 'device_taken') throw forbidden(MARKING_MESSAGES.otherDevice);
      throw await lostRace(session, row);
    }
    // A retry replaced an attempt that was waiting for review: its recording is no longer needed.
    if (row.recordingPath && row.recordingPath !== recordingPath) {
      await removeRecording(deps.mediaDir, row.recordingPath);
    }

    // The row as this attempt wrote it (RETURNING) with its student's fields, which a marking does
    // not change: pushed without reading it again (sessions-0012).
    deps.room.markAttendance(session.sessionId, attendanceWire({ ...row, ...outcome.row }));
    if (verdict === 'needs_review') {
      const answer = reviewAnswer(reasons);
      const refusal = sentToReview(answer.message);
      // The teacher's audio failed, not the student: they may record again at once.
      if (answer.retryAtOnce) slotReturned.add(refusal);
      throw refusal;
    }
    if (!present) throw forbidden(rejection(reasons));
  }

  /**
   * Verifies an attempt with the engine's `verifyProof` in the worker pool: the session's secret
   * schedule as the teacher's device plays it (live, with its reported clock; or the original
   * client's looped file), the teacher's audio of the window in server time (waited for, bounded,
   * while it is on its way), the server-anchored timing. A session started before v2 has no
   * schedule to check against: its attempt goes to the teacher's review, saying so.
   */
  async function judge(
    session: LiveSessionRow,
    audio: Uint8Array,
    window: RecordingWindow,
    arrivalMs: number,
    twoWay: TwoWayPlan,
    where: Pick<ProofInput, 'position' | 'classroom' | 'reviewUntimedTone'>,
  ): Promise<{ result: Pick<ProofResult, keyof typeof UNVERIFIED>; final: FinalVerdict }> {
    const tone = readSessionTone(session.toneParams);
    if (!tone) {
      return { result: UNVERIFIED, final: { verdict: 'needs_review', reasons: ['session_tone_outdated'] } };
    }
    const [teacher, playback, networkSlow] = await Promise.all([
      teacherAudioFor(deps.liveStore, session.sessionId, window),
      livePlaybackOf(deps.liveStore, session.sessionId),
      deps.liveStore.teacherNetworkSlow(session.sessionId),
    ]);
    let result: ProofResult;
    try {
      result = await deps.presence.verifyProof({
        // The earliest start the claim allows: a download after it cannot be what was playing.
        tone: toneInput(
          tone,
          playback,
          arrivalMs,
          playingFileStart(session.toneParams, window.startMs - window.toleranceMs),
        ),
        studentWav: audio,
        timing: {
          claimedStartMs: window.startMs,
          uploadReceivedMs: arrivalMs,
          clockToleranceMs: window.toleranceMs,
        },
        teacher: {
          streaming: teacher.stream !== 'none',
          final: teacher.final,
          // The live store's form (sessions-0011): opened in the worker, off the event loop.
          chunks: teacher.chunks,
          stored: true,
        },
        ...(twoWay.kind === 'apply' ? { challenge: { attemptId: twoWay.attemptId } } : {}),
        ...where,
      });
    } catch (err) {
      if (err instanceof PresenceInputError) {
        throw badRequest(`The recording could not be read (${err.message}). Please record again.`);
      }
      throw err;
    }
    return { result, final: withTwoWay(finalVerdict(result, teacher.stream, networkSlow), twoWay) };
  }

  /**
   * The two-way check of one attempt: off unless the institution uses it; a challenge sent with
   * the recording must be this student's, in this session, unexpired and unused (claimed now),
   * else the attempt is refused before anything is stored.
   */
  async function redeemTwoWay(
    session: LiveSessionRow,
    /** The institution's two-way check (read with the marking context). */
    setting: TwoWaySetting,
    studentSlug: string,
    attemptId: string | undefined,
    arrivalMs: number,
    upload: () => string,
  ): Promise<TwoWayPlan> {
    const tone = readSessionTone(session.toneParams);
    if (setting === 'off' || !tone || attemptId === undefined) {
      return twoWayPlan(setting, attemptId, session.toneParams);
    }
    const refusal = await redeemChallenge(deps.throttle, attemptId, {
      tone,
      sessionId: session.sessionId,
      studentSlug,
      nowMs: arrivalMs,
      upload: upload(),
    });
    if (refusal) throw CHALLENGE_REFUSALS[refusal]();
    return twoWayPlan(setting, attemptId, session.toneParams);
  }

  /** The refusal for an attempt whose row changed while it was verified: re-read to name why. */
  async function lostRace(session: LiveSessionRow, row: AttendanceRow): Promise<AppError> {
    const current = await attendanceRepo.attendanceOfStudent(session.id, row.studentId);
    return (current && closedToAttempts(current)) ?? done(MARKING_MESSAGES.alreadyMarked);
  }

  return {
    /**
     * A two-way challenge for the caller's next attempt in a live session they may still mark
     * (membership, live, not marked or decided yet: the same refusals as marking); null when the
     * institution does not use the check or the session has no v2 tone.
     */
    async issueChallenge(auth: AuthContext, body: ChallengeRequestBody): Promise<ChallengeAnswer> {
      const { student, session, row, twoWay } = await markingContext(auth, body);
      const closed = closedToAttempts(row);
      if (closed) throw closed;
      const tone = readSessionTone(session.toneParams);
      if (!tone || twoWay === 'off') return { challenge: null };
      return { challenge: mintChallenge(tone, session.sessionId, student.slug, deps.clock.now().getTime()) };
    },

    /**
     * The refusal that needs neither the upload nor the database: a student whose previous attempt
     * still holds the rate-limit slot is told at once (429), before the recording is read.
     */
    async refuseEarly(auth: AuthContext): Promise<void> {
      if (deps.config.attendanceRateLimitSeconds <= 0) return;
      if (await deps.liveStore.rateSlotHeld(markingSlotKey(auth))) {
        throw new AppError('too_many_requests', MARKING_MESSAGES.tooSoon);
      }
    },

    /**
     * Marks the caller present in a live session: membership, one mark per student, a rate limit,
     * device binding, the geofence, then the recording through the presence engine (`arrivalMs`:
     * server time the upload started arriving, which bounds the recording's time). Every verified
     * attempt is stored with its metrics and reasons and shown on the teacher's sheet at once; a
     * present verdict answers code 100, an absent one a 403 the student can retry after the limit.
     * A refusal before verification (not live, not a member, already marked, an unusable recording,
     * too soon, another student's device, outside the geofence, decided by the teacher) leaves the
     * attendance row as it was and pushes nothing; the device and geofence refusals are audited,
     * being traces of cheating. An attempt that fails on the server's side (a busy presence pool,
     * an internal error, the database or Redis unavailable) gives its rate-limit slot back, so the
     * student may retry at once; so does a refusal that rests on a gap in the teacher's audio.
     */
    async mark(
      auth: AuthContext,
      fields: MarkAttendanceFields,
      audio: Uint8Array,
      arrivalMs: number,
    ): Promise<void> {
      const {
        student,
        session,
        row,
        twoWay: setting,
        reviewUntimedTone,
      } = await markingContext(auth, fields);
      const closed = closedToAttempts(row);
      if (closed) throw closed;
      // Before the rate limit: a bad file or a recording time outside the upload's bounds changes
      // nothing, not even the student's next slot.
      const format = checkRecording(audio);
      const window = boundRecordingTime(
        { startMs: fields.start_time, durationS: format.durationS, clockOffsetMs: fields.clock_offset_ms },
        arrivalMs,
      );
      const twoWay = await redeemTwoWay(
        session,
        setting,
        student.slug,
        fields.challenge_attempt,
        arrivalMs,
        () => uploadIdentity(audio, fields),
      );

      const limitMs = deps.config.attendanceRateLimitSeconds * 1000;
      const slotKey = markingSlotKey(auth);
      const slot = limitMs > 0 ? await deps.liveStore.takeRateSlot(slotKey, limitMs) : undefined;
      if (slot === null) throw new AppError('too_many_requests', MARKING_MESSAGES.tooSoon);
      try {
        await attempt(auth, fields, audio, session, row, window, arrivalMs, twoWay, { reviewUntimedTone });
        // Marked: nothing left to limit, and a repeat must hear "already marked" (code 100, which
        // disables the original client's button), not the early "too soon" of `refuseEarly`.
        if (slot !== undefined) await deps.liveStore.releaseRateSlot(slotKey, slot).catch(() => undefined);
      } catch (err) {
        if (slot !== undefined && (serverSide(err) || (err instanceof AppError && slotReturned.has(err)))) {
          // Best effort: a failed release only means waiting out the slot, as before.
          await deps.liveStore.releaseRateSlot(slotKey, slot).catch(() => undefined);
        }
        throw err;
      }
    },

    /**
     * Files a manual-marking request with the student's comment (§6.3) and pushes it to the
     * teacher's sheet. One pending request per student; a marked student has nothing to request,
     * also when the mark lands between our read and our write (the write is conditional, so a
     * request never ends up pending on a present row that a later approval would turn manual).
     */
    async requestManual(auth: AuthContext, body: MarkForRegulizationBody): Promise<void> {
      const { student, session, row } = await markingContext(auth, body);
      if (row.regulizationStatus === 'pending') throw done(MARKING_MESSAGES.requestSent);
      await checkDevice(auth, session, row, body.device_id);
      const comment = body.regulization_commet.trim();
      const filed = await deps.db.transaction(async (tx) => {
        if (!(await createAttendanceRepository(tx).fileManualRequest(row.id, comment))) return false;
        await audit(tx, {
          institutionId: auth.institutionId,
          actorProfileId: auth.profileId,
          action: 'attendance.manual_requested',
          entityType: 'attendance',
          entitySlug: row.slug,
          detail: { session: session.sessionId, comment },
        });
        return true;
      });
      if (!filed) {
        const current = await attendanceRepo.attendanceOfStudent(session.id, row.studentId);
        throw done(current?.isPresent ? MARKING_MESSAGES.alreadyMarked : MARKING_MESSAGES.requestSent);
      }
      const updated = await attendanceRepo.attendanceOfStudent(session.id, student.id);
      if (updated) deps.room.regulizationRequest(session.sessionId, attendanceWire(updated));
    },
  };
}
