import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { classrooms, institutions, profiles } from '../../db/schema';
import { seedDemo } from '../../seed/demo';
import { call, useTestApp } from '../../testing/test-app';
import { tokenFor } from '../../testing/tokens';
import { roomSound, studentRecording, teacherChunks } from '../../testing/audio';
import {
  keepTeacherAudio,
  markAttendance,
  sessionTone,
  startedEarlier,
  startSession,
} from '../../testing/live-fixture';

describe('the demo institution’s live flow', () => {
  const t = useTestApp();

  const tokenOf = async (email: string) => {
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.email, email));
    return tokenFor(t.app, profile!);
  };

  it('keeps the start window open all day, so the demo teacher and student run today’s lecture at 22:30', async () => {
    await seedDemo(t.db, { now: t.clock.now() });
    const [demo] = await t.db.select().from(institutions);
    expect(demo!.sessionWindowAlwaysOpen).toBe(true);

    // Monday, long after the last lecture: a real installation would refuse to start any session.
    t.clock.set(new Date('2026-11-02T22:30:00+05:30'));
    const teacher = await tokenOf('teacher@rollbook.test');
    const student = await tokenOf('student@rollbook.test');
    const timetable = await call(t.app, {
      method: 'GET',
      url: '/api/manage/get_timetable_for_student',
      token: student,
    });
    const lectures = timetable.body.data[0].timetables[0].lectures as Array<{
      slug: string;
      teacher: string;
      classroom: { class_name: string };
    }>;
    const shared = lectures.find((l) => l.teacher === 'Chirag S. Thakkar');
    expect(shared, 'the demo student attends a lecture of the demo teacher today').toBeDefined();

    const started = await startedEarlier(t.app, () => startSession(t.app, teacher, shared!.slug));
    expect(started.status).toBe(200);
    expect(started.body.data.active).toBe('ongoing');

    // The demo student marks from the classroom with a recording that carries the session tone.
    const tone = await sessionTone(t.db, started.body.data.session_id);
    const [room] = await t.db
      .select()
      .from(classrooms)
      .where(and(eq(classrooms.institutionId, demo!.id), eq(classrooms.name, shared!.classroom.class_name)));
    // The teacher's microphone heard the room for the last eight seconds; the upload arrives now.
    const sound = roomSound(9, 8);
    const heardFrom = t.clock.now().getTime() - 8000;
    await keepTeacherAudio(t.app, started.body.data.session_id, teacherChunks(sound, heardFrom));
    const marked = await markAttendance(
      t.app,
      student,
      {
        latitude: String(room!.latitude),
        longitude: String(room!.longitude),
        lecture_slug: shared!.slug,
        start_time: String(heardFrom + 1000),
      },
      studentRecording(tone, sound, 1, heardFrom),
    );
    expect(marked.status).toBe(200);
    expect(marked.body.code).toBe(100);

    // With the setting off (a real installation) the teacher's next lecture is refused at this hour.
    await t.db.update(institutions).set({ sessionWindowAlwaysOpen: false });
    const day = await call(t.app, {
      method: 'GET',
      url: '/api/manage/get_timetable_for_teacher/current',
      token: teacher,
    });
    const waiting = (day.body.data as any[])
      .flatMap((b) => b.streams[0].semesters)
      .flatMap((s: any) => s.divisions)
      .flatMap((d: any) => d.timetable?.schedule?.lectures ?? [])
      .find((l: any) => l.session.active === 'pre');
    expect(waiting, 'the demo teacher has another lecture today').toBeDefined();
    const refused = await startSession(t.app, teacher, waiting.slug);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This lecture is over: its session can no longer be started');
  });
});
