import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { executeRows } from '../../db/queries/execute-rows';
import { joinLectureOwners } from '../../db/queries/lecture-owners';
import { plannedSessionIdSql } from './planned-session-id';
import {
  classrooms,
  instantLectures,
  institutions,
  lectureSessions,
  lectures,
  semesters,
  streams,
} from '../../db/schema';

/**
 * The attendance geofence of an instant lecture held without a classroom: this far around the
 * institution's campus point (the distance beyond which a classroom is flagged as off campus).
 */
export const CAMPUS_GEOFENCE_RADIUS_M = 1000;

/** The place whose position and radius the attendance check uses. */
export interface SessionPlace {
  name: string;
  latitude: number;
  longitude: number;
  radiusM: number;
}

/** The session of a lecture on one date, with the classroom actually used. */
export interface SessionRow {
  id: number;
  lectureId: number;
  sessionId: string;
  status: 'pre' | 'ongoing' | 'post';
  day: string;
  createdAt: Date;
  classroomFinalId: number | null;
  classroomFinalSlug: string | null;
  classroomFinalName: string | null;
}

/**
 * A session with what the live flow needs: its lecture, institution and the classroom in use. A
 * session is of a timetable lecture (`lectureId`) or of an instant lecture (`instantLectureId`);
 * `lectureSlug` is the slug of whichever it is.
 */
export interface LiveSessionRow {
  id: number;
  sessionId: string;
  lectureId: number | null;
  instantLectureId: number | null;
  lectureSlug: string;
  teacherId: number;
  institutionId: number;
  branchId: number;
  day: string;
  status: 'pre' | 'ongoing' | 'post';
  createdAt: Date;
  audioPath: string | null;
  toneParams: unknown;
  /** Null only for an instant lecture with neither a classroom nor a campus point to check against. */
  classroom: SessionPlace | null;
}

/** A new public session id: 32 hex characters, opaque and unguessable. */
export function newSessionId(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The one repository of the lecture-session row (a lecture on one date): created on demand in
 * status `pre`, started with its tone, ended; read as the timetable's `SessionRow` or the live
 * flow's `LiveSessionRow`.
 */
/** What a live session row carries whichever kind of lecture it is of (owner, state, tone, room). */
const liveSessionColumns = {
  institutionId: semesters.institutionId,
  branchId: streams.branchId,
  day: lectureSessions.day,
  status: lectureSessions.status,
  createdAt: lectureSessions.createdAt,
  audioPath: lectureSessions.audioPath,
  toneParams: lectureSessions.toneParams,
  classroomName: classrooms.name,
  latitude: classrooms.latitude,
  longitude: classrooms.longitude,
  radiusM: classrooms.radiusM,
};

/** A timetable lecture's session as `LiveSessionRow` reads it (see `joinLectureSessionRoom`). */
export const lectureSessionColumns = {
  id: lectureSessions.id,
  sessionId: lectureSessions.sessionId,
  lectureId: lectureSessions.lectureId,
  lectureSlug: lectures.slug,
  teacherId: lectures.teacherId,
  ...liveSessionColumns,
};

/**
 * Joins a query over `lectures` (with `.$dynamic()`) to its owners, its sessions and the classroom
 * each session uses: the session's chosen one, else the lecture's own.
 */
export function joinLectureSessionRoom<T extends PgSelect>(query: T) {
  const roomId = sql`coalesce(${lectureSessions.classroomFinalId}, ${lectures.classroomId})`;
  return joinLectureOwners(query)
    .innerJoin(lectureSessions, eq(lectureSessions.lectureId, lectures.id))
    .innerJoin(classrooms, eq(classrooms.id, roomId));
}

type LectureSessionRaw = {
  [K in keyof typeof lectureSessionColumns]: (typeof lectureSessionColumns)[K]['_']['notNull'] extends true
    ? (typeof lectureSessionColumns)[K]['_']['data']
    : (typeof lectureSessionColumns)[K]['_']['data'] | null;
};

type SharedSessionFields = Omit<LiveSessionRow, 'lectureId' | 'instantLectureId' | 'classroom'>;

/** The fields a live session row has whichever kind of lecture it is of, picked from a read row. */
const sharedSessionFields = (r: SharedSessionFields): SharedSessionFields => ({
  id: r.id,
  sessionId: r.sessionId,
  lectureSlug: r.lectureSlug,
  teacherId: r.teacherId,
  institutionId: r.institutionId,
  branchId: r.branchId,
  day: r.day,
  status: r.status,
  createdAt: r.createdAt,
  audioPath: r.audioPath,
  toneParams: r.toneParams,
});

/** A timetable lecture's session row read with `lectureSessionColumns`. */
export const lectureSessionRow = (r: LectureSessionRaw): LiveSessionRow => ({
  ...sharedSessionFields(r),
  lectureId: r.lectureId,
  instantLectureId: null,
  classroom: { name: r.classroomName, latitude: r.latitude, longitude: r.longitude, radiusM: r.radiusM },
});

export function createLectureSessionsRepository(db: DbOrTx) {
  function liveSessions() {
    // From the lecture side, so the owners chain is the shared one.
    return joinLectureSessionRoom(db.select(lectureSessionColumns).from(lectures).$dynamic());
  }

  /** The sessions of instant lectures: the classroom chosen, else the campus point. */
  function liveInstantSessions() {
    return db
      .select({
        id: lectureSessions.id,
        sessionId: lectureSessions.sessionId,
        instantLectureId: instantLectures.id,
        lectureSlug: instantLectures.slug,
        teacherId: instantLectures.teacherId,
        ...liveSessionColumns,
        campusLatitude: institutions.campusLatitude,
        campusLongitude: institutions.campusLongitude,
      })
      .from(instantLectures)
      .innerJoin(lectureSessions, eq(lectureSessions.instantLectureId, instantLectures.id))
      .innerJoin(semesters, eq(semesters.id, instantLectures.semesterId))
      .innerJoin(streams, eq(streams.id, semesters.streamId))
      .innerJoin(institutions, eq(institutions.id, semesters.institutionId))
      .leftJoin(
        classrooms,
        eq(classrooms.id, sql`coalesce(${lectureSessions.classroomFinalId}, ${instantLectures.classroomId})`),
      )
      .$dynamic();
  }

  type RawInstant = Awaited<ReturnType<typeof liveInstantSessions>>[number];
  const placeOf = (r: RawInstant): SessionPlace | null => {
    if (r.classroomName !== null && r.latitude !== null && r.longitude !== null && r.radiusM !== null) {
      return { name: r.classroomName, latitude: r.latitude, longitude: r.longitude, radiusM: r.radiusM };
    }
    if (r.campusLatitude === null || r.campusLongitude === null) return null;
    return {
      name: 'Campus',
      latitude: r.campusLatitude,
      longitude: r.campusLongitude,
      radiusM: CAMPUS_GEOFENCE_RADIUS_M,
    };
  };
  const toInstantRow = (r: RawInstant): LiveSessionRow => ({
    ...sharedSessionFields(r),
    lectureId: null,
    instantLectureId: r.instantLectureId,
    classroom: placeOf(r),
  });

  const toRow = lectureSessionRow;

  /**
   * Creates the missing sessions of some lectures on a date, in status `pre`, each with the id the
   * timetable already showed for it (`plannedSessionId`). Only writers call this (a start, a
   * classroom change): a timetable read never does. Idempotent and safe under concurrency: the
   * unique (lecture, day) key makes a second insert a no-op.
   */
  async function ensureSessions(lectureIds: number[], day: string): Promise<void> {
    if (lectureIds.length === 0) return;
    // One statement: the ids are derived from each lecture's seed in the database.
    await db.execute(sql`
      insert into ${lectureSessions} (lecture_id, day, session_id, status)
      select ${lectures.id}, ${day}::date, ${plannedSessionIdSql(lectures.sessionSeed, day)}, 'pre'
      from ${lectures}
      where ${inArray(lectures.id, lectureIds)}
      on conflict (lecture_id, day) do nothing`);
  }

  return {
    async sessionsOf(lectureIds: number[], day: string): Promise<SessionRow[]> {
      if (lectureIds.length === 0) return [];
      return db
        .select({
          id: lectureSessions.id,
          // Never null here: the rows are picked by lecture id.
          lectureId: sql<number>`${lectureSessions.lectureId}`,
          sessionId: lectureSessions.sessionId,
          status: lectureSessions.status,
          day: lectureSessions.day,
          createdAt: lectureSessions.createdAt,
          classroomFinalId: lectureSessions.classroomFinalId,
          classroomFinalSlug: classrooms.slug,
          classroomFinalName: classrooms.name,
        })
        .from(lectureSessions)
        .leftJoin(classrooms, eq(classrooms.id, lectureSessions.classroomFinalId))
        .where(and(inArray(lectureSessions.lectureId, lectureIds), eq(lectureSessions.day, day)));
    },

    /** The sessions of some lectures on a date, each created (status `pre`) where missing. */
    async openSessions(lectureIds: number[], day: string): Promise<SessionRow[]> {
      await ensureSessions(lectureIds, day);
      const rows = await this.sessionsOf(lectureIds, day);
      if (rows.length !== new Set(lectureIds).size) {
        throw new Error(`sessions of lectures ${lectureIds.join(',')} on ${day} were not created`);
      }
      return rows;
    },

    /** The live view of a lecture's session on a date, created (status `pre`) where missing. */
    async openLiveSession(lectureId: number, day: string): Promise<LiveSessionRow> {
      await ensureSessions([lectureId], day);
      const session = await this.sessionOfLecture(lectureId, day);
      if (!session) throw new Error(`session of lecture ${lectureId} on ${day} was not created`);
      return session;
    },

    /** A session (of a timetable or an instant lecture) by its public id, only inside one institution. */
    async sessionById(sessionId: string, institutionId: number): Promise<LiveSessionRow | undefined> {
      const inInstitution = and(
        eq(lectureSessions.sessionId, sessionId),
        eq(semesters.institutionId, institutionId),
      );
      const [row] = await liveSessions().where(inInstitution);
      if (row) return toRow(row);
      const [instant] = await liveInstantSessions().where(inInstitution);
      return instant ? toInstantRow(instant) : undefined;
    },

    /**
     * The lecture whose not-yet-started session is named `sessionId` on one of `days` (the timetable
     * shows planned ids for the current week without writing them), only inside one institution. Lets
     * a caller holding such an id hear "not started yet" rather than "not found".
     */
    async plannedSession(
      sessionId: string,
      institutionId: number,
      days: string[],
    ): Promise<{ lectureId: number; teacherId: number; day: string } | undefined> {
      if (!/^[0-9a-f]{32}$/.test(sessionId) || days.length === 0) return undefined;
      const dayMatch = sql.join(
        days.map(
          (day) => sql`when ${plannedSessionIdSql(lectures.sessionSeed, day)} = ${sessionId} then ${day}`,
        ),
        sql` `,
      );
      const matchedDay = sql<string | null>`case ${dayMatch} end`;
      const [row] = await joinLectureOwners(
        db
          .select({ lectureId: lectures.id, teacherId: lectures.teacherId, day: matchedDay })
          .from(lectures)
          .$dynamic(),
      )
        .where(and(eq(semesters.institutionId, institutionId), sql`${matchedDay} is not null`))
        .limit(1);
      return row && row.day !== null ? { ...row, day: row.day } : undefined;
    },

    /** The one session of an instant lecture. */
    async sessionOfInstantLecture(instantLectureId: number): Promise<LiveSessionRow | undefined> {
      const [row] = await liveInstantSessions().where(eq(instantLectures.id, instantLectureId));
      return row ? toInstantRow(row) : undefined;
    },

    /** Creates the one session (status `pre`) of a new instant lecture, on its day. */
    async createInstantSession(instantLectureId: number, day: string): Promise<void> {
      await db
        .insert(lectureSessions)
        .values({ instantLectureId, day, sessionId: newSessionId(), status: 'pre' })
        .onConflictDoNothing({ target: lectureSessions.instantLectureId });
    },

    /** The session of a lecture on a date. */
    async sessionOfLecture(lectureId: number, day: string): Promise<LiveSessionRow | undefined> {
      const [row] = await liveSessions().where(
        and(eq(lectureSessions.lectureId, lectureId), eq(lectureSessions.day, day)),
      );
      return row ? toRow(row) : undefined;
    },

    /**
     * The stored tone of the live (`ongoing`) session whose tone file is `audioPath`; undefined for
     * any other name or a session that is not live (its file is no longer served).
     */
    async liveToneByAudioPath(audioPath: string): Promise<unknown> {
      const [row] = await db
        .select({ toneParams: lectureSessions.toneParams })
        .from(lectureSessions)
        .where(and(eq(lectureSessions.audioPath, audioPath), eq(lectureSessions.status, 'ongoing')));
      return row?.toneParams;
    },

    /** Moves a `pre` session to `ongoing` with its tone; false if it was not `pre` any more. */
    async startSession(id: number, audioPath: string, toneParams: unknown, at: Date): Promise<boolean> {
      const rows = await db
        .update(lectureSessions)
        .set({ status: 'ongoing', audioPath, toneParams, startedAt: at })
        .where(and(eq(lectureSessions.id, id), eq(lectureSessions.status, 'pre')))
        .returning({ id: lectureSessions.id });
      return rows.length > 0;
    },

    /**
     * The institution's sessions still `ongoing` from a day before `day` (timetable and instant
     * lectures alike): left open by a teacher who never ended them.
     */
    async ongoingBefore(institutionId: number, day: string) {
      const rows = await executeRows(
        db,
        sql`
        select ls.id, ls.session_id, ls.lecture_id, ls.instant_lecture_id, ls.day::text as day
        from lecture_sessions ls
        left join lectures l on l.id = ls.lecture_id
        left join timetables tt on tt.id = l.timetable_id
        left join divisions d on d.id = tt.division_id
        left join instant_lectures il on il.id = ls.instant_lecture_id
        join semesters s on s.id = coalesce(d.semester_id, il.semester_id)
        where ls.status = 'ongoing' and ls.day < ${day} and s.institution_id = ${institutionId}
        order by ls.day, ls.id`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        sessionId: String(r.session_id),
        lectureId: r.lecture_id === null ? null : Number(r.lecture_id),
        instantLectureId: r.instant_lecture_id === null ? null : Number(r.instant_lecture_id),
        day: String(r.day),
      }));
    },

    /** Moves an `ongoing` session to `post`; false if it was not ongoing. */
    async endSession(id: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(lectureSessions)
        .set({ status: 'post', endedAt: at })
        .where(and(eq(lectureSessions.id, id), eq(lectureSessions.status, 'ongoing')))
        .returning({ id: lectureSessions.id });
      return rows.length > 0;
    },

    /** Sets the classroom a session actually uses. */
    async setSessionClassroom(sessionRowId: number, classroomId: number): Promise<void> {
      await db
        .update(lectureSessions)
        .set({ classroomFinalId: classroomId })
        .where(eq(lectureSessions.id, sessionRowId));
    },
  };
}

export type LectureSessionsRepository = ReturnType<typeof createLectureSessionsRepository>;
