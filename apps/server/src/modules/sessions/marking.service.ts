import {
  DEFAULT_THRESHOLDS,
  haversineMeters,
  parseToneParams,
  PresenceInputError,
  type ReasonCode,
  type TeacherChunk,
} from '@rollbook/presence';
import type { MarkAttendanceFields, MarkForRegulizationBody } from '@rollbook/contract';
import type { AppDeps } from '../../plugins/app/deps';
import type { AuthContext } from '../../plugins/app/auth';
import type { LiveStore } from '../../plugins/app/live-store';
import type { PresenceVerifier } from '../../plugins/app/presence';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { createTimetableRepository } from '../timetable/timetable.repository';
import { localDate } from '../timetable/week';
import { attendanceWire } from './attendance-wire';
import type { LiveRoom } from './live-room';
import { checkRecording } from './recording-check';
import { createSessionsRepository, type AttendanceRow, type LiveSessionRow } from './sessions.repository';

/** The original server's sentences (spec server-notes §3.5), kept because students know them. */
export const MARKING_MESSAGES = {
  notStarted: 'Attendance session has not been started yet!!',
  ended: 'Attendance session has been ended!!',
  alreadyMarked: 'Your attendance has already been marked',
  notPart: "You're not part of this attendance session :\\",
  outside: "You're out of the predefined boundry of the premises!!",
  tooSoon: "You've recently tried to mark your attendance. Please try again after a few seconds!!",
  requestSent: 'Your request to mark manually has already been sent',
  otherDevice: 'This device has already marked attendance for another student in this session',
  recordingTimeMismatch:
    "Your recording's time does not match this session. Make sure your device sets its clock automatically, then record again.",
} as const;

/** The contract's "marked / accepted" code (§6.2, §6.3). */
export const MARKED_CODE = 100;

const done = (message: string) => new AppError('conflict', message, { extra: { code: MARKED_CODE } });

// The student uploads right after recording, sometimes before the teacher's last second of audio
// has arrived: wait a little for it rather than judge on a partial window.
const TEACHER_AUDIO_WAIT_MS = 1500;
const TEACHER_AUDIO_POLL_MS = 100;

export interface MarkingServiceDeps extends Pick<AppDeps, 'db' | 'clock' | 'config'> {
  liveStore: LiveStore;
  presence: PresenceVerifier;
  room: LiveRoom;
}

const REASON_TEXT: Partial<Record<ReasonCode, string>> = {
  tone_band_not_captured: "your microphone did not pick up the session tone's frequencies",
  tone_not_detected: 'the session tone was not heard in your recording',
  tone_too_weak: 'the session tone was too faint in your recording',
  ambient_mismatch: "your recording does not match the sound in the teacher's classroom",
  outside_geofence: 'your location is outside the classroom',
  position_missing: 'your location was not received',
  recording_too_short: 'the recording is too short',
};

/**
 * The student's side of a session: marking attendance with a position and a recording
 * (§6.2), and asking the teacher to mark it manually (§6.3).
 */
export function createMarkingService(deps: MarkingServiceDeps) {
  const repo = createSessionsRepository(deps.db);
  const timetable = createTimetableRepository(deps.db);

  async function requireStudent(auth: AuthContext) {
    const student = await timetable.studentOfProfile(auth.profileId);
    if (!student) throw forbidden('Only students can mark attendance');
    return student;
  }

  /** The session named by `session_id`, or today's session of `lecture_slug`, in the caller's institution. */
  async function findSession(
    auth: AuthContext,
    ref: { lecture_slug?: string | undefined; session_id?: string | undefined },
  ): Promise<LiveSessionRow> {
    if (ref.session_id !== undefined) {
      const session = await repo.sessionById(ref.session_id, auth.institutionId);
      if (!session) throw notFound('Session');
      return session;
    }
    const lecture = await timetable.lectureBySlug(ref.lecture_slug!, auth.institutionId);
    if (!lecture) throw notFound('Lecture');
    const today = localDate(deps.clock.now(), await timetable.institutionTimezone(auth.institutionId));
    // Today's session only: the original looked up "the first session of the lecture" and could
    // pick an old one (server-notes §3.5).
    const session = await repo.sessionOfLecture(lecture.id, today);
    if (!session) throw new AppError('conflict', MARKING_MESSAGES.notStarted);
    return session;
  }

  /**
   * The caller's attendance row in a live session, created if they joined a batch after the start.
   * Membership is checked first: a stranger learns nothing about the session's state (and never
   * gets the "done" code 100 that disables a student's buttons).
   */
  async function ownRow(session: LiveSessionRow, studentId: number): Promise<AttendanceRow> {
    let row = await repo.attendanceOfStudent(session.id, studentId);
    if (!row && !(await repo.isStudentOfLecture(session.lectureId, studentId))) {
      throw forbidden(MARKING_MESSAGES.notPart);
    }
    if (session.status === 'pre') throw new AppError('conflict', MARKING_MESSAGES.notStarted);
    if (session.status === 'post') throw done(MARKING_MESSAGES.ended);
    if (!row) {
      await repo.ensureAttendances(session.id, [studentId]);
      row = (await repo.attendanceOfStudent(session.id, studentId))!;
    }
    if (row.isPresent) throw done(MARKING_MESSAGES.alreadyMarked);
    return row;
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
    const holder = await repo.deviceHolder(session.id, deviceId);
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

  /**
   * The teacher's audio around a recording, waiting briefly for its last second to arrive. When
   * the teacher is streaming but nothing of theirs covers the recording's claimed time, the claim
   * cannot be checked: accepting it would let a student skip the room-sound comparison by sending
   * a `start_time` outside the kept window, so it is refused (nothing stored). Only a session whose
   * teacher streams nothing rests on the tone and the geofence alone (design/presence.md).
   */
  async function teacherAudio(
    sessionId: string,
    startMs: number,
    durationS: number,
  ): Promise<TeacherChunk[]> {
    const skew = DEFAULT_THRESHOLDS.maxClockSkewMs;
    const endMs = startMs + durationS * 1000;
    const deadline = Date.now() + TEACHER_AUDIO_WAIT_MS;
    let newest: number | null;
    for (;;) {
      newest = await deps.liveStore.newestTeacherChunkMs(sessionId);
      // Nothing streamed at all, or the window is covered: no point waiting.
      if (newest === null || newest + 1000 >= endMs || Date.now() >= deadline) break;
      await new Promise((r) => setTimeout(r, TEACHER_AUDIO_POLL_MS));
    }
    const chunks = await deps.liveStore.teacherChunks(sessionId, startMs - skew - 1000, endMs + skew + 1000);
    if (newest !== null && chunks.length === 0) throw badRequest(MARKING_MESSAGES.recordingTimeMismatch);
    return chunks;
  }

  function rejection(reasons: ReasonCode[]): string {
    if (reasons.includes('outside_geofence')) return MARKING_MESSAGES.outside;
    const why = reasons.map((r) => REASON_TEXT[r]).filter(Boolean);
    return (
      `We could not confirm that you are in the classroom: ${why.join('; ')}. ` +
      "Try again closer to the teacher's device, or send a manual marking request."
    );
  }

  return {
    /**
     * Marks the caller present in a live session: membership, one mark per student, a rate limit,
     * device binding, the geofence, then the recording through the presence engine. Every verified
     * attempt is stored with its metrics and reasons and shown on the teacher's sheet at once; a
     * present verdict answers code 100, an absent one a 403 the student can retry after the limit.
     * A refusal before verification (not live, not a member, already marked, an unusable recording,
     * too soon, another student's device, outside the geofence) leaves the attendance row as it was
     * and pushes nothing; the device and geofence refusals are audited, being traces of cheating.
     */
    async mark(auth: AuthContext, fields: MarkAttendanceFields, audio: Uint8Array): Promise<void> {
      const student = await requireStudent(auth);
      const session = await findSession(auth, fields);
      const row = await ownRow(session, student.id);
      // Before the rate limit: a bad file or an uncheckable recording time changes nothing, not
      // even the student's next slot.
      const format = checkRecording(audio);
      const teacherChunks = await teacherAudio(session.sessionId, fields.start_time, format.durationS);

      const limitMs = deps.config.attendanceRateLimitSeconds * 1000;
      // Keyed by the student's slug, unique across databases: integer ids restart after a reset
      // while Redis keeps its keys.
      if (limitMs > 0 && !(await deps.liveStore.takeRateSlot(`attendance:${student.slug}`, limitMs))) {
        throw new AppError('too_many_requests', MARKING_MESSAGES.tooSoon);
      }

      await checkDevice(auth, session, row, fields.device_id);

      const position = { latitude: fields.latitude, longitude: fields.longitude };
      const room = session.classroom;
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

      let result;
      try {
        result = await deps.presence.verify({
          tone: parseToneParams(session.toneParams),
          studentWav: audio,
          studentStartMs: fields.start_time,
          teacherChunks,
          position,
          classroom: { latitude: room.latitude, longitude: room.longitude, radiusM: room.radiusM },
        });
      } catch (err) {
        if (err instanceof PresenceInputError) {
          throw badRequest(`The recording could not be read (${err.message}). Please record again.`);
        }
        throw err;
      }

      const present = result.verdict === 'present';
      const now = deps.clock.now();
      const stored = await deps.db
        .transaction(async (tx) => {
          const ok = await createSessionsRepository(tx).recordAttempt(row.id, {
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
            verdict: result.verdict,
            reasons: result.reasons,
            ...(fields.device_id ? { deviceId: fields.device_id } : {}),
          });
          if (!ok) return false;
          await audit(tx, {
            institutionId: auth.institutionId,
            actorProfileId: auth.profileId,
            action: present ? 'attendance.marked' : 'attendance.not_confirmed',
            entityType: 'attendance',
            entitySlug: row.slug,
            detail: { session: session.sessionId, verdict: result.verdict, reasons: result.reasons },
          });
          return true;
        })
        .catch((err: unknown) => {
          // The (session, device) unique key: another student's request with this device won a race.
          if ((err as { code?: string }).code === '23505') throw forbidden(MARKING_MESSAGES.otherDevice);
          throw err;
        });
      if (!stored) throw done(MARKING_MESSAGES.alreadyMarked);

      const updated = await repo.attendanceOfStudent(session.id, student.id);
      if (updated) deps.room.markAttendance(session.sessionId, attendanceWire(updated));
      if (!present) throw forbidden(rejection(result.reasons));
    },

    /**
     * Files a manual-marking request with the student's comment (§6.3) and pushes it to the
     * teacher's sheet. One pending request per student; a marked student has nothing to request.
     */
    async requestManual(auth: AuthContext, body: MarkForRegulizationBody): Promise<void> {
      const student = await requireStudent(auth);
      const session = await findSession(auth, body);
      const row = await ownRow(session, student.id);
      if (row.regulizationStatus === 'pending') throw done(MARKING_MESSAGES.requestSent);
      await checkDevice(auth, session, row, body.device_id);
      const comment = body.regulization_commet.trim();
      await deps.db.transaction(async (tx) => {
        await createSessionsRepository(tx).updateAttendance(row.id, {
          regulizationStatus: 'pending',
          regulizationComment: comment,
        });
        await audit(tx, {
          institutionId: auth.institutionId,
          actorProfileId: auth.profileId,
          action: 'attendance.manual_requested',
          entityType: 'attendance',
          entitySlug: row.slug,
          detail: { session: session.sessionId, comment },
        });
      });
      const updated = await repo.attendanceOfStudent(session.id, student.id);
      if (updated) deps.room.regulizationRequest(session.sessionId, attendanceWire(updated));
    },
  };
}
