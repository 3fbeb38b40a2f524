import type { AttendanceRecord, CreatedSession, OngoingSession } from '@rollbook/contract';
import type { AppDeps } from '../../plugins/app/deps';
import type { AuthContext } from '../../lib/caller';
import type { LiveStore } from '../../plugins/app/live-store';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { applyClassroomChange, checkClassroomChange } from '../../domain/lectures/classroom-change';
import { lectureTeacherWire } from '../../domain/lectures/lecture-wire';
import { currentWeekDates, localDate, weekdayOf } from '../../lib/week';
import { institutions } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { attendanceWire } from '../../domain/attendance-wire';
import type { LiveRoom } from './live-room';
import { minutesLeftOf, minutesOfDay, startWindowPosition } from './start-window';
import { newToneAudioPath } from './tone-files';
import { newSessionTone } from './session-tone';
import { createLectureRepositories } from '../../domain/lectures/lecture-repositories';
import {
  createLectureSessionsRepository,
  type LiveSessionRow,
} from '../../domain/lectures/lecture-sessions.repository';
import { createAttendanceRepository } from '../../domain/attendance.repository';
import { createInstantLecturesRepository } from '../../domain/lectures/instant-lectures.repository';
import { instantLectureAsTeacherLecture } from '../../domain/lectures/instant-lecture-wire';
import { createSessionAudience } from '../../domain/lectures/session-audience';

export interface SessionsServiceDeps extends Pick<AppDeps, 'db' | 'clock' | 'config' | 'mediaDir'> {
  liveStore: LiveStore;
  room: LiveRoom;
}

/** The answer to a teacher's socket action: a status code and the sentence the sheet toasts. */
export interface ActionOutcome {
  status: number;
  message: string;
}

/**
 * The teacher's side of a lecture session: starting or joining it (with its tone), the live
 * sheet's data, presence overrides, approving manual requests, ending, and who may export it.
 */
export function createSessionsService(deps: SessionsServiceDeps) {
  const { people, lectureRepo, sessionRepo, attendanceRepo } = createLectureRepositories(deps.db);
  const instantRepo = createInstantLecturesRepository(deps.db);
  const audience = createSessionAudience(deps.db);

  /**
   * The institution's session window: its zone, whether it is always open, and its start margins,
   * each margin the server's setting where the institution sets none.
   */
  async function institutionSettings(institutionId: number) {
    const [row] = await deps.db
      .select({
        tz: institutions.timezone,
        alwaysOpen: institutions.sessionWindowAlwaysOpen,
        early: institutions.sessionStartEarlyMinutes,
        late: institutions.sessionStartLateMinutes,
        toneLow: institutions.toneBandLowHz,
        toneHigh: institutions.toneBandHighHz,
        twoWayCheck: institutions.twoWayCheck,
      })
      .from(institutions)
      .where(eq(institutions.id, institutionId));
    return {
      timeZone: row?.tz ?? 'Asia/Kolkata',
      alwaysOpen: row?.alwaysOpen ?? false,
      margins: {
        earlyMinutes: row?.early ?? deps.config.sessionStartEarlyMinutes,
        lateMinutes: row?.late ?? deps.config.sessionStartLateMinutes,
      },
      // The institution's band, else the server's; a session keeps the band it started with.
      toneBand:
        row && row.toneLow !== null && row.toneHigh !== null
          ? { lowHz: row.toneLow, highHz: row.toneHigh }
          : { lowHz: deps.config.toneBandLowHz, highHz: deps.config.toneBandHighHz },
      // Read at the start too: a two-way session's tone tops out lower (newSessionTone).
      twoWayCheck: row?.twoWayCheck ?? false,
    };
  }

  async function requireTeacher(auth: AuthContext) {
    const teacher = await people.teacherOfProfile(auth.profileId);
    if (!teacher) throw forbidden('Only teachers can run lecture sessions');
    return teacher;
  }

  /** The wire lecture of a session (the card the teacher's dashboard replaces). */
  async function lectureOf(session: LiveSessionRow, institutionId: number) {
    if (session.instantLectureId !== null) {
      const instant = await instantRepo.instantById(session.instantLectureId);
      if (!instant) throw notFound('Instant lecture');
      const [divisions, batches] = await Promise.all([
        instantRepo.divisionsOf([instant.id]),
        instantRepo.batchesOf([instant.id]),
      ]);
      return instantLectureAsTeacherLecture(instant, divisions, batches);
    }
    const lecture = await lectureRepo.lectureBySlug(session.lectureSlug, institutionId);
    if (!lecture) throw notFound('Lecture');
    const [batches, sessionRows] = await Promise.all([
      lectureRepo.batchesOf([lecture.id]),
      sessionRepo.sessionsOf([lecture.id], session.day),
    ]);
    return lectureTeacherWire(lecture, batches, sessionRows[0]!);
  }

  async function marked(session: LiveSessionRow): Promise<AttendanceRecord[]> {
    return (await attendanceRepo.markedAttendances(session.id)).map(attendanceWire);
  }

  /**
   * A session the caller may drive live: it exists in their institution (404 otherwise), it is a
   * lecture of theirs (403 otherwise).
   */
  async function ownSession(auth: AuthContext, sessionId: string): Promise<LiveSessionRow> {
    const session = await sessionRepo.sessionById(sessionId, auth.institutionId);
    if (!session) {
      // The timetable names this week's sessions before they exist (a read never writes).
      const planned = await sessionRepo.plannedSession(
        sessionId,
        auth.institutionId,
        currentWeekDates(deps.clock.now(), await people.institutionTimezone(auth.institutionId)),
      );
      if (!planned) throw notFound('Session');
      const teacher = await requireTeacher(auth);
      if (planned.teacherId !== teacher.id) throw forbidden("You're not the teacher of this lecture");
      throw new AppError('conflict', 'This session has not been started yet');
    }
    const teacher = await requireTeacher(auth);
    if (session.teacherId !== teacher.id) throw forbidden("You're not the teacher of this lecture");
    return session;
  }

  /**
   * A new secret tone for a session starting now, and the unguessable name of its file (rendered
   * on the original client's first fetch: `tone-files.ts`).
   */
  function newTone(
    now: Date,
    settings: { toneBand: { lowHz: number; highHz: number }; twoWayCheck: boolean },
    remainingMinutes: number | null,
  ) {
    return {
      audioPath: newToneAudioPath(),
      params: newSessionTone(now, settings.toneBand, settings.twoWayCheck, remainingMinutes),
    };
  }

  /** What starting or joining answers (§6.8), for the session as it now is. */
  async function created(auth: AuthContext, session: LiveSessionRow): Promise<CreatedSession> {
    if (!session.audioPath) throw new Error(`ongoing session ${session.sessionId} has no tone`);
    return {
      session_id: session.sessionId,
      active: session.status,
      audio_url: session.audioPath,
      lecture: await lectureOf(session, auth.institutionId),
      created_at: session.createdAt.toISOString(),
      student_count: await attendanceRepo.countAttendances(session.id),
      marked_attendances: await marked(session),
    };
  }

  return {
    ownSession,

    /**
     * Starts today's session of one of the caller's lectures (`pre` → `ongoing`, with a new tone)
     * or joins it when it is already ongoing (§6.8). Starting is allowed only around the lecture's
     * time, unless the institution keeps the window open all day (the demo). The classroom the card
     * selected is checked by the rules of `set_classroom_dynamic` (without merging): everything is
     * checked before anything is written, so a refused start leaves the session as it was.
     */
    async startOrJoin(
      auth: AuthContext,
      fields: { lecture_slug: string; classroom_slug: string },
    ): Promise<CreatedSession> {
      const teacher = await requireTeacher(auth);
      const lecture = await lectureRepo.lectureBySlug(fields.lecture_slug, auth.institutionId);
      if (!lecture || !lecture.isActive) throw notFound('Lecture');
      if (lecture.teacherId !== teacher.id) {
        throw forbidden("You're not allowed to start a session of another teacher's lecture");
      }
      const settings = await institutionSettings(auth.institutionId);
      const now = deps.clock.now();
      const today = localDate(now, settings.timeZone);
      if (weekdayOf(today) !== lecture.day) {
        throw new AppError(
          'conflict',
          `This lecture is on ${lecture.day}s: its session can only be started on that day`,
        );
      }
      let session = await sessionRepo.openLiveSession(lecture.id, today);
      if (session.status === 'post') {
        throw new AppError('conflict', 'This session has already ended. You can export its attendance.');
      }

      if (session.status === 'pre' && !settings.alwaysOpen) {
        const position = startWindowPosition(minutesOfDay(now, settings.timeZone), lecture, settings.margins);
        if (position === 'too_early') {
          throw new AppError(
            'conflict',
            `You cannot start the session yet: it opens ${settings.margins.earlyMinutes} minutes before the lecture starts`,
          );
        }
        if (position === 'too_late') {
          throw new AppError('conflict', 'This lecture is over: its session can no longer be started');
        }
      }
      // Empty keeps the lecture's classroom (§6.8). The card has no merge choice: a room another
      // lecture holds is refused here, and merging stays with the "Edit classroom" dialog.
      const change =
        fields.classroom_slug === ''
          ? null
          : await checkClassroomChange(deps.db, auth, {
              teacherId: teacher.id,
              lecture,
              classroomSlug: fields.classroom_slug,
              date: today,
              merge: false,
            });

      if (session.status === 'pre') {
        const tone = newTone(now, settings, minutesLeftOf(minutesOfDay(now, settings.timeZone), lecture));
        const studentIds = await lectureRepo.studentIdsOfLecture(lecture.id, today);
        const pre = session;
        await deps.db.transaction(async (tx) => {
          // Two clicks (or two tabs) may race: only the first flips the status, owns the tone and
          // applies the classroom change (the loser would only repeat it and its audit entry).
          const started = await createLectureSessionsRepository(tx).startSession(
            pre.id,
            tone.audioPath,
            tone.params,
            now,
          );
          if (!started) return;
          if (change) await applyClassroomChange(tx, auth, lecture, change);
          await createAttendanceRepository(tx).ensureAttendances(pre.id, studentIds);
          await audit(tx, {
            institutionId: auth.institutionId,
            actorProfileId: auth.profileId,
            action: 'session.started',
            entityType: 'lecture_session',
            entitySlug: pre.sessionId,
            detail: { lecture: lecture.slug, day: today, students: studentIds.length },
          });
        });
        session = (await sessionRepo.sessionOfLecture(lecture.id, today))!;
      } else if (change) {
        await deps.db.transaction((tx) => applyClassroomChange(tx, auth, lecture, change));
        session = (await sessionRepo.sessionOfLecture(lecture.id, today))!;
      }
      return created(auth, session);
    },

    /**
     * Starts (`pre` → `ongoing`, with a new tone) or joins the one session of one of the caller's
     * instant lectures (§13 `create_instant_lecture_session/`, answered like §6.8). An instant
     * lecture is held on its day, at any time of it (it was made for now); its students are its
     * audience as it is when the session starts.
     */
    async startOrJoinInstant(auth: AuthContext, fields: { lecture_slug: string }): Promise<CreatedSession> {
      const teacher = await requireTeacher(auth);
      const instant = await instantRepo.instantBySlug(fields.lecture_slug, auth.institutionId);
      if (!instant) throw notFound('Instant lecture');
      if (instant.teacherId !== teacher.id) {
        throw forbidden("You're not allowed to start a session of another teacher's instant lecture");
      }
      let session = await sessionRepo.sessionOfInstantLecture(instant.id);
      if (!session) throw new Error(`instant lecture ${instant.slug} has no session`);
      if (session.status === 'post') {
        throw new AppError('conflict', 'This session has already ended. You can export its attendance.');
      }
      const settings = await institutionSettings(auth.institutionId);
      const now = deps.clock.now();
      const today = localDate(now, settings.timeZone);
      if (session.status === 'pre' && instant.day !== today) {
        throw new AppError(
          'conflict',
          `This extra lecture was for ${instant.day}: create a new one to hold it today`,
        );
      }
      if (session.status === 'pre') {
        const tone = newTone(now, settings, null);
        const studentIds = await audience.studentIds(session);
        const pre = session;
        await deps.db.transaction(async (tx) => {
          // Like a timetable lecture: only the first of two racing starts flips the status.
          if (
            !(await createLectureSessionsRepository(tx).startSession(
              pre.id,
              tone.audioPath,
              tone.params,
              now,
            ))
          ) {
            return;
          }
          await createAttendanceRepository(tx).ensureAttendances(pre.id, studentIds);
          await audit(tx, {
            institutionId: auth.institutionId,
            actorProfileId: auth.profileId,
            action: 'session.started',
            entityType: 'lecture_session',
            entitySlug: pre.sessionId,
            detail: { instant_lecture: instant.slug, day: today, students: studentIds.length },
          });
        });
        session = (await sessionRepo.sessionOfInstantLecture(instant.id))!;
      }
      return created(auth, session);
    },

    /**
     * What the teacher's sheet shows on (re)connecting: `ongoing_session_data` (§8.3). A sheet
     * that did not ask for refused attempts gets the rows §6.2 would have pushed to it (present
     * ones) and the teacher's own decisions, so a later push or approval never doubles a row.
     */
    async ongoingData(
      auth: AuthContext,
      session: LiveSessionRow,
      opts: { refusedAttempts: boolean },
    ): Promise<OngoingSession> {
      const [lecture, count, rows, pending] = await Promise.all([
        lectureOf(session, auth.institutionId),
        attendanceRepo.countAttendances(session.id),
        attendanceRepo.markedAttendances(session.id),
        attendanceRepo.pendingRequests(session.id),
      ]);
      const markedRows = (
        opts.refusedAttempts ? rows : rows.filter((r) => r.isPresent || r.changedByTeacherAt !== null)
      ).map(attendanceWire);
      return {
        session_id: session.sessionId,
        active: 'ongoing',
        day: session.day,
        created_at: session.createdAt.toISOString(),
        lecture,
        student_count: count,
        marked_attendances: markedRows,
        pending_regulization_requests: pending.map(attendanceWire),
      };
    },

    /**
     * The teacher's P/A toggle (`update_attendance`): 200 only when the stored value changed,
     * because the sheet flips its checkbox on 200 without reading the value back.
     */
    async setPresence(
      auth: AuthContext,
      session: LiveSessionRow,
      attendanceSlug: string,
      present: boolean,
    ): Promise<ActionOutcome> {
      if (session.status !== 'ongoing') return { status: 409, message: 'This session is not live' };
      const row = await attendanceRepo.attendanceBySlug(session.id, attendanceSlug);
      if (!row) return { status: 404, message: 'This student is not part of the session' };
      const now = deps.clock.now();
      const changed = await deps.db.transaction(async (tx) => {
        if (!(await createAttendanceRepository(tx).setPresence(row.id, present, now))) return false;
        await audit(tx, {
          institutionId: auth.institutionId,
          actorProfileId: auth.profileId,
          action: present ? 'attendance.marked_present_by_teacher' : 'attendance.marked_absent_by_teacher',
          entityType: 'attendance',
          entitySlug: row.slug,
          detail: {
            session: session.sessionId,
            student: row.enrollment,
            teacher: auth.name ?? auth.email,
            at: now.toISOString(),
          },
        });
        return true;
      });
      if (!changed) {
        return {
          status: 409,
          message: present
            ? 'This student is already marked present'
            : 'This student is already marked absent',
        };
      }
      return { status: 200, message: 'Attendance updated successfully' };
    },

    /**
     * Approves pending manual requests (`regulization_request` from the teacher): each becomes
     * present and manual, with the teacher's name and time in the audit trail. Slugs that are not
     * pending requests of this session are ignored. Answers the approved rows.
     */
    async approveRequests(
      auth: AuthContext,
      session: LiveSessionRow,
      slugs: string[],
    ): Promise<AttendanceRecord[]> {
      if (session.status !== 'ongoing') return [];
      const rows = await attendanceRepo.attendancesBySlugs(session.id, [...new Set(slugs)]);
      const now = deps.clock.now();
      const approvedIds = await deps.db.transaction(async (tx) => {
        const ids = await createAttendanceRepository(tx).approveRequests(
          rows.map((r) => r.id),
          now,
        );
        for (const row of rows.filter((r) => ids.includes(r.id))) {
          await audit(tx, {
            institutionId: auth.institutionId,
            actorProfileId: auth.profileId,
            action: 'attendance.manual_request_approved',
            entityType: 'attendance',
            entitySlug: row.slug,
            detail: {
              session: session.sessionId,
              student: row.enrollment,
              comment: row.regulizationComment,
              teacher: auth.name ?? auth.email,
              at: now.toISOString(),
            },
          });
        }
        return ids;
      });
      if (approvedIds.length === 0) return [];
      return (
        await attendanceRepo.attendancesBySlugs(
          session.id,
          rows.filter((r) => approvedIds.includes(r.id)).map((r) => r.slug),
        )
      ).map(attendanceWire);
    },

    /**
     * Ends a session (`session_ended`): `ongoing` → `post`, the final list of every student of
     * the lecture, the teacher audio and lease dropped. Ending twice answers the same final list.
     */
    async end(auth: AuthContext, session: LiveSessionRow): Promise<AttendanceRecord[]> {
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        if (!(await createLectureSessionsRepository(tx).endSession(session.id, now))) return;
        await audit(tx, {
          institutionId: auth.institutionId,
          actorProfileId: auth.profileId,
          action: 'session.ended',
          entityType: 'lecture_session',
          entitySlug: session.sessionId,
          detail: { at: now.toISOString() },
        });
      });
      await deps.liveStore.clearSession(session.sessionId);
      // The final list names everyone expected, a student who joined a batch during it too.
      await audience.fillAbsentRows({ ...session, status: 'post' });
      return (await attendanceRepo.attendances(session.id)).map(attendanceWire);
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
