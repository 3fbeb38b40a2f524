import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { attendances, profiles } from '../../db/schema';
import { buildAdmin, buildBranch } from '../../testing/factories';
import { call, useTestApp } from '../../testing/test-app';
import { tokenFor } from '../../testing/tokens';
import { roomSound, studentRecording, teacherChunks } from '../../testing/audio';
import {
  buildLiveWorld,
  keepTeacherAudio,
  markAttendance,
  markFields,
  startLiveWorld,
} from '../../testing/live-fixture';
import { EXPORT_HEADER } from './export.service';

describe('GET /manage/session/get_session_data_for_export/{session_id} (§6.9)', () => {
  const t = useTestApp();

  const exportOf = (sessionId: string, token: string) =>
    call(t.app, {
      method: 'GET',
      url: `/api/manage/session/get_session_data_for_export/${sessionId}`,
      token,
    });

  /** Splits RFC 4180 text into rows of cells (quoted cells may hold commas and doubled quotes). */
  function parseCsv(text: string): string[][] {
    const rows: string[][] = [];
    for (const line of text.split('\r\n').filter(Boolean)) {
      const cells: string[] = [];
      const cell = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
      // Every match ends at a comma or at the line's end (a trailing empty cell included).
      for (let m = cell.exec(line); m; m = cell.exec(line)) {
        const raw = m[1]!;
        cells.push(raw.startsWith('"') ? raw.slice(1, -1).replaceAll('""', '"') : raw);
        if (m[2] === '') break;
      }
      rows.push(cells);
    }
    return rows;
  }

  it('answers raw CSV named after the lecture and date: every student with presence, manual flag, time and the metrics', async () => {
    const w = await startLiveWorld(t.app, t.db);
    // A student whose name would run as a formula in a spreadsheet.
    await t.db
      .update(profiles)
      .set({ name: '=HYPERLINK("http://evil.test","Click, me")' })
      .where(eq(profiles.id, w.students.a2.profile.id));
    const sound = roomSound(3, 7);
    // The teacher's microphone heard the room from 09:00:00; the upload arrives at 09:00:07.
    const heardFrom = Date.UTC(2026, 10, 2, 3, 30);
    await keepTeacherAudio(t.app, w.sessionId, teacherChunks(sound, heardFrom));
    t.clock.set(new Date(heardFrom + 7000));
    const marked = await markAttendance(
      t.app,
      w.tokens.a1,
      markFields(w, heardFrom + 1000),
      studentRecording(w.tone, sound, 1, heardFrom),
    );
    expect(marked.status).toBe(200);
    await t.db
      .update(attendances)
      .set({ isPresent: true, manual: true, markingTime: new Date('2026-11-02T03:40:00Z') })
      .where(eq(attendances.studentId, w.students.a2.student.id));

    const res = await exportOf(w.sessionId, w.tokens.cst);
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.raw.headers['content-disposition']).toBe(
      'attachment; filename="session_data_IS_A_2026-11-02.csv"',
    );
    const [header, ...rows] = parseCsv(res.raw.body);
    expect(header).toEqual(EXPORT_HEADER);
    // The columns, in order, then the manual request's comment, then the mark's status
    // and excuse (an excused absence is `present: no` like any absence).
    expect(header!.join(',')).toBe(
      'enrollment,name,present,manual,marking_time,ncc,magnitude,similarity,euclidean_distance,gps_distance,manual_request_comment,status,excuse',
    );
    const byEnrollment = new Map(rows.map((r) => [r[0], r]));
    expect(rows).toHaveLength(2);

    const a1 = byEnrollment.get(w.students.a1.student.enrollment)!;
    const [stored] = await t.db
      .select()
      .from(attendances)
      .where(eq(attendances.studentId, w.students.a1.student.id));
    expect(a1.slice(1, 5)).toEqual(['Test Person', 'yes', 'no', '2026-11-02T09:00:07+05:30']);
    expect(Number(a1[5])).toBeCloseTo(stored!.ncc!, 4);
    expect(Number(a1[6])).toBeGreaterThan(0);
    expect(Number(a1[7])).toBeCloseTo(stored!.similarity!, 1);
    expect(Number(a1[8])).toBeCloseTo(stored!.euclideanDistance!, 1);
    expect(Number(a1[9])).toBeLessThan(1);
    expect(a1.slice(11)).toEqual(['present', '']);

    const a2 = byEnrollment.get(w.students.a2.student.enrollment)!;
    // Neutralised: the cell starts with an apostrophe, so spreadsheets show it as text.
    expect(a2.slice(1, 5)).toEqual([
      `'=HYPERLINK("http://evil.test","Click, me")`,
      'yes',
      'yes',
      '2026-11-02T09:10:00+05:30',
    ]);
    expect(a2.slice(11)).toEqual(['present', '']);
    expect(res.raw.body).toContain(`"'=HYPERLINK(""http://evil.test"",""Click, me"")"`);
  });

  it('tells an excused absence from a plain one in its own columns', async () => {
    const w = await startLiveWorld(t.app, t.db);
    await t.db
      .update(attendances)
      .set({ isPresent: false, excuse: 'on_duty' })
      .where(eq(attendances.studentId, w.students.a2.student.id));
    const [, ...rows] = parseCsv((await exportOf(w.sessionId, w.tokens.cst)).raw.body);
    const byEnrollment = new Map(rows.map((r) => [r[0], r]));
    expect(byEnrollment.get(w.students.a1.student.enrollment)!.slice(11)).toEqual(['absent', '']);
    const excused = byEnrollment.get(w.students.a2.student.enrollment)!;
    expect(excused[2]).toBe('no');
    expect(excused.slice(11)).toEqual(['excused', 'on_duty']);
  });

  it('neutralises every formula lead character in typed cells', async () => {
    const w = await startLiveWorld(t.app, t.db);
    const leads = ['+SUM(A1)', '-2+3', '@cmd', '\tTAB'];
    await t.db.update(profiles).set({ name: leads[0]! }).where(eq(profiles.id, w.students.a1.profile.id));
    await t.db.update(profiles).set({ name: leads[1]! }).where(eq(profiles.id, w.students.a2.profile.id));
    const text = (await exportOf(w.sessionId, w.tokens.cst)).raw.body;
    const names = parseCsv(text)
      .slice(1)
      .map((r) => r[1]);
    expect(names.sort()).toEqual([`'+SUM(A1)`, `'-2+3`].sort());
  });

  it('is for the lecture’s teacher and the branch’s admins only', async () => {
    const w = await startLiveWorld(t.app, t.db);
    expect((await exportOf(w.sessionId, w.tokens.admin)).status).toBe(200);
    const colleague = await exportOf(w.sessionId, w.tokens.haj);
    expect(colleague.status).toBe(403);
    expect(colleague.body.message).toBe("You're not the teacher of this lecture");
    expect((await exportOf(w.sessionId, w.tokens.a1)).status).toBe(403);
    expect((await exportOf(w.sessionId, '')).status).toBe(401);

    // Another branch's admin in the same institution, and another institution, see nothing.
    const elsewhere = await buildBranch(t.db, { institutionId: w.world.institutionId, code: '16' });
    const otherAdmin = await buildAdmin(t.db, {
      institutionId: w.world.institutionId,
      branchId: elsewhere.id,
    });
    expect((await exportOf(w.sessionId, await tokenFor(t.app, otherAdmin.profile))).status).toBe(404);
    const other = await buildLiveWorld(t.app, t.db);
    const foreign = await exportOf(w.sessionId, other.tokens.cst);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Session not found');
    expect((await exportOf(w.sessionId, other.tokens.admin)).status).toBe(404);
    expect((await exportOf('no-such-session', w.tokens.cst)).status).toBe(404);
  });
});
