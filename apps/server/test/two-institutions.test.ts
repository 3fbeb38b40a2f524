import { eq, getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ALL_ROUTES, type RouteDef } from '@rollbook/contract';
import type { Db } from '../src/db/client';
import * as schema from '../src/db/schema';
import {
  attendances,
  batches,
  branches,
  classrooms,
  divisions,
  electiveCategories,
  institutions,
  lectureSessions,
  lectures,
  offeredSubjects,
  profiles,
  semesters,
  streams,
  students,
  subjectChoiceOptions,
  subjectChoices,
  teachers,
  timetables,
} from '../src/db/schema';
import { createNotificationService } from '../src/domain/notifications';
import { seedDemo } from '../src/seed/demo';
import { buildAdmin, buildBranch } from '../src/testing/factories';
import { call } from '../src/testing/test-app';
import { tokenFor } from '../src/testing/tokens';
import { roomSound, studentRecording, teacherChunks } from '../src/testing/audio';
import {
  keepTeacherAudio,
  markAttendance,
  markFields,
  nextEvent,
  openSocket,
  sessionTone,
  startedEarlier,
  startLiveWorld,
  startSession,
  useListeningTestApp,
  type ClientSocket,
} from '../src/testing/live-fixture';
import { found, requestFor, send, type ObjectsByKind, type WalkRequest } from './support/contract-walk';

type Role = 'admin' | 'teacher' | 'student';

/**
 * Calls the walk leaves out, each with its reason. Nothing else may be left out: a new call of the
 * contract is walked automatically.
 */
const NOT_WALKED: Record<string, string> = {
  'auth.updateEmail':
    "changes the caller's own address and revokes their tokens; it names no object, and addresses are unique across institutions by design",
};

// Every call a signed-in person can make; GETs first, so the reads see B before its own writes.
const WALKED: readonly RouteDef[] = [...ALL_ROUTES]
  .filter((r) => r.auth === 'bearer' && !NOT_WALKED[r.id])
  .sort((a, b) => (a.method === b.method ? 0 : a.method === 'GET' ? -1 : 1));

/** Every table with a public slug, with that column. */
const SLUG_TABLES: ReadonlyArray<{ table: PgTable; slug: PgColumn }> = Object.values(schema).flatMap(
  (table) => {
    if (!is(table, PgTable)) return [];
    const slug = (getTableColumns(table) as Record<string, PgColumn>).slug;
    return slug ? [{ table, slug }] : [];
  },
);

/** Every slug, session id, address and enrolment stored now (when only A exists: all of them are A's). */
async function everyIdentifier(db: Db): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const { table, slug } of SLUG_TABLES) {
    for (const r of (await db.select({ slug }).from(table)) as { slug: string }[]) ids.add(r.slug);
  }
  for (const r of await db.select({ id: lectureSessions.sessionId }).from(lectureSessions)) ids.add(r.id);
  for (const r of await db.select({ email: profiles.email }).from(profiles)) ids.add(r.email);
  for (const r of await db.select({ enrollment: students.enrollment }).from(students)) ids.add(r.enrollment);
  return ids;
}

/** The rows of every table with a slug whose slug is in `only`, by table and slug (to prove A never changed). */
async function rowsBySlug(db: Db, only: Set<string>) {
  const out: Record<string, Record<string, unknown>> = {};
  for (const { table } of SLUG_TABLES) {
    const rows = (await db.select().from(table)) as { slug: string }[];
    out[getTableName(table)] = Object.fromEntries(
      rows.filter((r) => only.has(r.slug)).map((r) => [r.slug, r]),
    );
  }
  out.lecture_sessions = Object.fromEntries(
    (await db.select().from(lectureSessions))
      .filter((r) => only.has(r.sessionId))
      .map((r) => [r.sessionId, r]),
  );
  return out;
}

/** A lecture's owners: the objects a caller can name around it. */
async function objectsAround(db: Db, lectureSlug: string) {
  const [row] = await db
    .select({
      lecture: lectures.slug,
      timetable: timetables.slug,
      division: divisions.slug,
      divisionId: divisions.id,
      semester: semesters.slug,
      semesterId: semesters.id,
      stream: streams.slug,
      branch: branches.slug,
      subject: offeredSubjects.slug,
      classroom: classrooms.slug,
      teacher: teachers.slug,
      institution: institutions.slug,
      institutionId: institutions.id,
    })
    .from(lectures)
    .innerJoin(timetables, eq(timetables.id, lectures.timetableId))
    .innerJoin(divisions, eq(divisions.id, timetables.divisionId))
    .innerJoin(semesters, eq(semesters.id, divisions.semesterId))
    .innerJoin(streams, eq(streams.id, semesters.streamId))
    .innerJoin(branches, eq(branches.id, streams.branchId))
    .innerJoin(institutions, eq(institutions.id, semesters.institutionId))
    .innerJoin(offeredSubjects, eq(offeredSubjects.id, lectures.offeredSubjectId))
    .innerJoin(classrooms, eq(classrooms.id, lectures.classroomId))
    .innerJoin(teachers, eq(teachers.id, lectures.teacherId))
    .where(eq(lectures.slug, lectureSlug));
  const [batch] = await db
    .select({ slug: batches.slug })
    .from(batches)
    .where(eq(batches.divisionId, row!.divisionId));
  const [category] = await db
    .select({ slug: electiveCategories.slug })
    .from(electiveCategories)
    .innerJoin(semesters, eq(semesters.id, electiveCategories.semesterId))
    .where(eq(semesters.institutionId, row!.institutionId));
  return { ...row!, batch: batch?.slug, category: category?.slug };
}

/** One character moved to another of its class (digit, hex letter, other letter), so a format still holds. */
function shifted(c: string): string {
  const classes = ['0123456789', 'abcdef', 'ghijklmnopqrstuvwxyz', 'ABCDEF', 'GHIJKLMNOPQRSTUVWXYZ'];
  const group = classes.find((g) => g.includes(c));
  return group ? group[(group.indexOf(c) + 1) % group.length]! : c;
}

/**
 * Identifiers shaped like `objects` (same length and character classes, so every format check
 * passes alike) that name nothing, and a way back from a message quoting them.
 */
function ghostObjects(objects: ObjectsByKind) {
  const pairs = Object.entries(objects).map(
    ([kind, id]) => [kind, id, [...id].map(shifted).join('')] as const,
  );
  return {
    objects: Object.fromEntries(pairs.map(([kind, , ghost]) => [kind, ghost])) as ObjectsByKind,
    unmask: (text: string) => pairs.reduce((out, [, id, ghost]) => out.replaceAll(ghost, id), text),
  };
}

/**
 * Every walked call that names an object of `objects`, as each role in `tokens`, against the same
 * call naming ghosts of those objects: the status and message must be the same, so an answer never
 * tells an object that exists out of the caller's reach from one that does not.
 */
async function compareWithGhosts(
  app: FastifyInstance,
  objects: ObjectsByKind,
  tokens: Partial<Record<Role, string>>,
) {
  const ghosts = ghostObjects(objects);
  const differences: string[] = [];
  let notFound = 0;
  for (const [role, token] of Object.entries(tokens)) {
    for (const route of WALKED) {
      const real = requestFor(route, objects);
      if (!real.named) continue;
      const answer = await send(app, real, token);
      const ghost = await send(app, requestFor(route, ghosts.objects), token);
      // A message that quotes what was sent names the ghost where the other names the object.
      const ghostMessage = ghosts.unmask(ghost.message ?? '');
      if (answer.status === 404) notFound += 1;
      if (answer.status !== ghost.status || (answer.message ?? '') !== ghostMessage) {
        differences.push(
          `${role} ${route.id}: real → ${answer.status} ${answer.message ?? ''}; none → ${ghost.status} ${ghostMessage}`,
        );
      }
    }
  }
  return { differences, notFound };
}

/**
 * Institution A: the demo college (every kind of object: catalogue, locked subjects, saved
 * choices, divisions, a week of lectures, teacher load), with today's lecture of the demo teacher
 * started and (with `marked`) the demo student marked in it by sound.
 */
async function buildDemoA(t: ReturnType<typeof useListeningTestApp>['t'], opts: { marked: boolean }) {
  await seedDemo(t.db, { now: t.clock.now() });
  const profileOf = async (email: string) =>
    (await t.db.select().from(profiles).where(eq(profiles.email, email)))[0]!;
  const [teacher, student, admin] = await Promise.all(
    ['teacher@rollbook.test', 'student@rollbook.test', 'admin@rollbook.test'].map(profileOf),
  );
  const tokens = {
    teacher: await tokenFor(t.app, teacher!),
    student: await tokenFor(t.app, student!),
    admin: await tokenFor(t.app, admin!),
  };
  const timetable = await call(t.app, {
    method: 'GET',
    url: '/api/manage/get_timetable_for_student',
    token: tokens.student,
  });
  const todays = (
    timetable.body.data[0].timetables[0].lectures as Array<{ slug: string; teacher: string }>
  ).find((l) => l.teacher === 'Chirag S. Thakkar')!;
  const started = await startedEarlier(t.app, () => startSession(t.app, tokens.teacher, todays.slug));
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const sessionId = started.body.data.session_id as string;
  const tone = await sessionTone(t.db, sessionId);
  const around = await objectsAround(t.db, todays.slug);
  const [room] = await t.db.select().from(classrooms).where(eq(classrooms.slug, around.classroom));
  /**
   * The demo student marks from the classroom with a recording that carries the session tone, while
   * the teacher's microphone heard the same room for the last eight seconds (the upload arrives now).
   */
  const markStudent = async () => {
    const sound = roomSound(9, 8);
    const heardFrom = t.clock.now().getTime() - 8000;
    await keepTeacherAudio(t.app, sessionId, teacherChunks(sound, heardFrom));
    return markAttendance(
      t.app,
      tokens.student,
      {
        latitude: String(room!.latitude),
        longitude: String(room!.longitude),
        lecture_slug: todays.slug,
        start_time: String(heardFrom + 1000),
      },
      studentRecording(tone, sound, 1, heardFrom),
    );
  };
  if (opts.marked) {
    const marked = await markStudent();
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
  }
  // A private calendar feed exists too.
  expect(
    (await call(t.app, { method: 'GET', url: '/api/calendar/feed', token: tokens.teacher })).status,
  ).toBe(200);

  const [studentRow] = await t.db.select().from(students).where(eq(students.profileId, student!.id));
  const [choice] = await t.db
    .select({ slug: subjectChoices.slug })
    .from(subjectChoices)
    .where(eq(subjectChoices.profileId, student!.id));
  const [attendance] = await t.db.select({ slug: attendances.slug }).from(attendances);
  const objects: ObjectsByKind = {
    ...Object.fromEntries(Object.entries(around).filter(([, v]) => typeof v === 'string')),
    profile: student!.slug,
    student: studentRow!.slug,
    subject_choices: choice!.slug,
    ...(attendance ? { attendance: attendance.slug } : {}),
    session: sessionId,
    fallback: around.semester,
  };
  return {
    objects,
    sessionId,
    tokens,
    markStudent,
    profiles: { teacher: teacher!, student: student!, admin: admin! },
  };
}

/**
 * Institution B: the timetable world (a CE BE semester 7 with divisions, batches, teachers,
 * rooms) with its admin made an institution admin, its choice round open, and CST's Monday
 * lecture started.
 */
async function buildB(t: ReturnType<typeof useListeningTestApp>['t']) {
  const w = await startLiveWorld(t.app, t.db);
  await t.db
    .update(profiles)
    .set({ institutionAdmin: true })
    .where(eq(profiles.id, w.world.admin.profile.id));
  // Its choice round is open (subjects locked, deadline ahead) for CST and A1, so the choice calls
  // get past "nothing is open for you" and read the subjects they are sent.
  await t.db
    .update(semesters)
    .set({ subjectsLocked: true, subjectChoiceDeadline: '2026-11-30' })
    .where(eq(semesters.id, w.world.semester.id));
  const offered = await t.db
    .select({ id: offeredSubjects.id })
    .from(offeredSubjects)
    .where(eq(offeredSubjects.semesterId, w.world.semester.id));
  const records = await t.db
    .insert(subjectChoices)
    .values([
      { profileId: w.world.teachers.cst.profile.id, semesterId: w.world.semester.id, kind: 'teacher' },
      { profileId: w.students.a1.profile.id, semesterId: w.world.semester.id, kind: 'student' },
    ])
    .returning();
  await t.db
    .insert(subjectChoiceOptions)
    .values(records.flatMap((r) => offered.map((o) => ({ choiceId: r.id, offeredSubjectId: o.id }))));
  const around = await objectsAround(t.db, w.lecture.slug);
  const objects: ObjectsByKind = {
    ...Object.fromEntries(Object.entries(around).filter(([, v]) => typeof v === 'string')),
    profile: w.students.a1.profile.slug,
    student: w.students.a1.student.slug,
    subject_choices: records[1]!.slug,
    session: w.sessionId,
    fallback: around.semester,
  };
  const tokens: Record<Role, string> = { admin: w.tokens.admin, teacher: w.tokens.cst, student: w.tokens.a1 };
  return { w, objects, tokens };
}

describe('two institutions in one database', () => {
  const listening = useListeningTestApp();
  const { t, sockets, baseUrl } = listening;

  it('answers every call of each role of B naming A’s objects 404, 403 or 400, and shows B nothing of A', async () => {
    const a = await buildDemoA(t, { marked: true });
    const aIds = await everyIdentifier(t.db);
    const aRows = await rowsBySlug(t.db, aIds);
    const [aInstitution] = await t.db.select().from(institutions);
    const b = await buildB(t);
    // Names too, where B has no namesake (both colleges have a "Computer Engineering").
    const bNames = new Set(
      (
        await t.db
          .select({ name: profiles.name })
          .from(profiles)
          .where(eq(profiles.institutionId, b.w.world.institutionId))
      ).map((p) => p.name),
    );
    const aNames = (
      await t.db
        .select({ name: profiles.name })
        .from(profiles)
        .where(eq(profiles.institutionId, aInstitution!.id))
    )
      .map((p) => p.name)
      .filter((n): n is string => n !== null && !bNames.has(n));
    const needles = new Set([...aIds, aInstitution!.name, ...aNames]);
    expect(needles.size).toBeGreaterThan(1000);

    const problems: string[] = [];
    const outcomes: Record<string, number> = {};
    const walk = async (request: WalkRequest, role: Role, withA: boolean) => {
      const answer = await send(t.app, request, b.tokens[role]);
      const what = `${role} ${request.route.id} → ${answer.status} ${answer.message ?? ''}`;
      const allowed = request.route.roles.includes(role);
      if (answer.status >= 500) problems.push(`server error: ${what}`);
      if (withA && request.named) {
        // A wrong role is refused before anything is read; an allowed one finds nothing (or a
        // malformed body is refused before anything is read).
        const expected = allowed ? [404, 400] : [403];
        if (!expected.includes(answer.status)) problems.push(`not refused: ${what}`);
      }
      const leaked = found(answer.text, needles);
      if (leaked.length > 0) problems.push(`shows A (${leaked.slice(0, 3).join(', ')}): ${what}`);
      const key = `${withA ? 'A' : 'B'} ${allowed ? 'allowed' : 'other role'} ${answer.status}`;
      outcomes[key] = (outcomes[key] ?? 0) + 1;
    };

    // The admin walks last: with B's own objects it deactivates and edits B's people (People calls),
    // which ends their sign-ins, so the teacher and student walk before that.
    for (const role of ['student', 'teacher', 'admin'] as const) {
      for (const route of WALKED) {
        // With A's objects: refused whenever an object of A is named; whatever else, nothing of A.
        await walk(requestFor(route, a.objects), role, true);
        // With B's own objects: lists, reports, exports and spreadsheets of B hold nothing of A.
        await walk(requestFor(route, b.objects), role, false);
      }
    }
    expect(problems).toEqual([]);
    // Not vacuous: the allowed roles reached the scope checks with A's objects (404), and B's own
    // calls answered B's data.
    expect(outcomes['A allowed 404']).toBeGreaterThanOrEqual(30);
    expect(outcomes['B allowed 200']).toBeGreaterThanOrEqual(30);

    // Nothing B did changed a single row of A.
    expect(await rowsBySlug(t.db, aIds)).toEqual(aRows);
    // And A still works: its teacher's export lists its marked student.
    const csv = await call(t.app, {
      method: 'GET',
      url: `/api/manage/session/get_session_data_for_export/${a.sessionId}`,
      token: a.tokens.teacher,
    });
    expect(csv.status).toBe(200);
  });

  it('answers every call of each role of B naming A’s objects exactly as naming objects that do not exist', async () => {
    const a = await buildDemoA(t, { marked: true });
    const b = await buildB(t);
    const { differences, notFound } = await compareWithGhosts(t.app, a.objects, b.tokens);
    expect(differences).toEqual([]);
    // Not vacuous: the allowed roles reached the scope checks.
    expect(notFound).toBeGreaterThanOrEqual(30);
  });

  it('answers an admin of another branch naming a branch’s objects exactly as naming objects that do not exist', async () => {
    const b = await buildB(t);
    // Same institution, another branch: an admin there is not the institution's admin.
    const elsewhere = await buildBranch(t.db, { institutionId: b.w.world.institutionId, code: '16' });
    const otherAdmin = await buildAdmin(t.db, {
      institutionId: b.w.world.institutionId,
      branchId: elsewhere.id,
    });
    const token = await tokenFor(t.app, otherAdmin.profile);
    const { differences, notFound } = await compareWithGhosts(t.app, b.objects, { admin: token });
    expect(differences).toEqual([]);
    expect(notFound).toBeGreaterThanOrEqual(10);
  });

  it("never pushes A's live marks or alerts to B's sockets", async () => {
    const a = await buildDemoA(t, { marked: false });
    const b = await buildB(t);
    const aNeedles = [a.sessionId, a.objects.student!, a.objects.lecture!, a.profiles.student.email];

    // Each teacher's sheet on its own session; B's student listens for alerts.
    const aSheet = await sockets.join(baseUrl(), a.sessionId, a.tokens.teacher);
    const bSheet = await sockets.join(baseUrl(), b.w.sessionId, b.tokens.teacher);
    expect(aSheet.answer.kind).toBe('data');
    expect(bSheet.answer.kind).toBe('data');
    const bEvents: Array<{ event: string; message: unknown }> = [];
    bSheet.socket.onAny((event: string, message: unknown) => bEvents.push({ event, message }));
    const bBell: ClientSocket = sockets.track(await openSocket(baseUrl()));
    const bAlerts: unknown[] = [];
    bBell.on('notification', (m) => bAlerts.push(m));
    await new Promise<void>((resolve) =>
      bBell.emit('notifications_subscribe', { auth_token: b.tokens.student }, () => resolve()),
    );

    // A's teacher sees A's student marked (so the event is really sent) ...
    const aSeen = nextEvent(aSheet.socket, 'mark_attendance');
    const aMark = await a.markStudent();
    expect(aMark.status, JSON.stringify(aMark.body)).toBe(200);
    expect(JSON.stringify(await aSeen)).toContain(a.objects.student);

    // ... and B's sheet receives only B's own events, up to B's mark.
    const bSeen = nextEvent(bSheet.socket, 'mark_attendance');
    const bSound = roomSound(3, 8);
    const bHeardFrom = t.clock.now().getTime() - 8000;
    await keepTeacherAudio(t.app, b.w.sessionId, teacherChunks(bSound, bHeardFrom));
    const bMark = await markAttendance(
      t.app,
      b.w.tokens.a1,
      markFields(b.w, bHeardFrom + 1000),
      studentRecording(b.w.tone, bSound, 1, bHeardFrom),
    );
    expect(bMark.status, JSON.stringify(bMark.body)).toBe(200);
    await bSeen;
    expect(bEvents.map((e) => e.event)).toEqual(['mark_attendance']);
    expect(found(JSON.stringify(bEvents), aNeedles)).toEqual([]);

    // Alerts: one to A's student, then one to B's; B's bell gets only its own.
    const bell = createNotificationService(t.db, t.app);
    await bell.notify({
      profileIds: [a.profiles.student.id],
      type: 'subject_choice_alert',
      message: 'For A only',
    });
    const bAlert = nextEvent(bBell, 'notification');
    await bell.notify({
      profileIds: [b.w.students.a1.profile.id],
      type: 'subject_choice_alert',
      message: 'For B',
    });
    await bAlert;
    expect(bAlerts).toHaveLength(1);
    expect(JSON.stringify(bAlerts)).toContain('For B');
    expect(JSON.stringify(bAlerts)).not.toContain('For A only');
  });
});
