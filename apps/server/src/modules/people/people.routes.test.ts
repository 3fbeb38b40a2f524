import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildPath, institutionPeopleRoutes as routes, type RouteDef } from '@rollbook/contract';
import {
  adminBranches,
  auditLog,
  branches,
  divisions,
  divisionStudents,
  profiles,
  students,
  teacherBranches,
  teachers,
} from '../../db/schema';
import {
  buildAdmin,
  buildCollege,
  buildOtherInstitution,
  buildProfile,
  buildSemester,
  buildStream,
  buildStudent,
  buildTeacher,
  TEST_PASSWORD,
} from '../../testing/factories';
import { call, useTestApp } from '../../testing/test-app';
import { tokenFor } from '../../testing/tokens';

const t = useTestApp();

type Profile = typeof profiles.$inferSelect;

const url = (route: RouteDef, params: Record<string, string> = {}, query = '') =>
  `/api${buildPath(route, params)}${query}`;

/**
 * Two branches (CE with a BE stream and an active semester 5, IT with its own stream), a branch
 * admin of each, an institution admin, and a teacher and a student in each branch; plus another
 * institution with its own admin, teacher and student.
 */
async function world() {
  const college = await buildCollege(t.db);
  const { institutionId, ce, it, ceBE } = college;
  const itBE = await buildStream(t.db, { institutionId, branchId: it.id, title: 'BE', streamCode: '16' });
  const ceSem5 = await buildSemester(t.db, {
    institutionId,
    streamId: ceBE.id,
    no: 5,
    academicYear: '2026-27',
  });
  const ceSem7 = await buildSemester(t.db, {
    institutionId,
    streamId: ceBE.id,
    no: 7,
    academicYear: '2026-27',
  });
  const itSem5 = await buildSemester(t.db, {
    institutionId,
    streamId: itBE.id,
    no: 5,
    academicYear: '2026-27',
  });
  const ceAdmin = await buildAdmin(t.db, { institutionId, branchId: ce.id, name: 'CE Admin' });
  const itAdmin = await buildAdmin(t.db, { institutionId, branchId: it.id, name: 'IT Admin' });
  const registrar = await buildProfile(t.db, {
    role: 'admin',
    institutionId,
    institutionAdmin: true,
    name: 'Registrar',
  });
  const ceTeacher = await buildTeacher(t.db, {
    institutionId,
    branchId: ce.id,
    name: 'Chirag Thakkar',
    email: 'chirag@example.test',
    teacherCode: 'CST',
  });
  const itTeacher = await buildTeacher(t.db, {
    institutionId,
    branchId: it.id,
    name: 'Irfan Mansuri',
    email: 'irfan@example.test',
    teacherCode: 'IMM',
  });
  const ceStudent = await buildStudent(t.db, {
    institutionId,
    branchId: ce.id,
    semesterId: ceSem5.id,
    name: 'Riya Patel',
    email: 'riya@example.test',
    enrollment: '230280107001',
  });
  await t.db.update(students).set({ streamId: ceBE.id }).where(eq(students.id, ceStudent.student.id));
  const itStudent = await buildStudent(t.db, {
    institutionId,
    branchId: it.id,
    semesterId: itSem5.id,
    name: 'Aman Shah',
    email: 'aman@example.test',
    enrollment: '230280116001',
  });
  const other = await buildOtherInstitution(t.db);
  const otherAdmin = await buildAdmin(t.db, {
    institutionId: other.institution.id,
    branchId: other.branch.id,
  });
  const otherStudent = await buildStudent(t.db, {
    institutionId: other.institution.id,
    branchId: other.branch.id,
    name: 'Other Student',
  });
  const otherTeacher = await buildTeacher(t.db, {
    institutionId: other.institution.id,
    branchId: other.branch.id,
  });
  const sign = (p: Profile) => tokenFor(t.app, p);
  return {
    ...college,
    itBE,
    ceSem5,
    ceSem7,
    itSem5,
    ceAdmin,
    itAdmin,
    registrar,
    ceTeacher,
    itTeacher,
    ceStudent,
    itStudent,
    other,
    otherAdmin,
    otherStudent,
    otherTeacher,
    tokens: {
      ce: await sign(ceAdmin.profile),
      it: await sign(itAdmin.profile),
      registrar: await sign(registrar),
      other: await sign(otherAdmin.profile),
      teacher: await sign(ceTeacher.profile),
      student: await sign(ceStudent.profile),
    },
  };
}

type World = Awaited<ReturnType<typeof world>>;

const list = (token: string, query = '') =>
  call(t.app, { method: 'GET', url: url(routes.list, {}, query), token });
const add = (token: string, body: unknown) =>
  call(t.app, { method: 'POST', url: url(routes.add), token, body });
const act = (route: RouteDef, token: string, slug: string, body?: unknown) =>
  call(t.app, { method: 'POST', url: url(route, { person_slug: slug }), token, body });

const login = (email: string, password = TEST_PASSWORD) =>
  call(t.app, { method: 'POST', url: '/api/auth/api/login/', body: { email, password, device_id: null } });

const emailsOf = (body: { data: { people: { email: string }[] } }) => body.data.people.map((p) => p.email);

/** Everything the people calls write, to prove a refused call wrote nothing. */
async function snapshot() {
  const [p, tch, tb, st, au] = await Promise.all([
    t.db.select({ n: sql<number>`count(*)::int` }).from(profiles),
    t.db.select({ n: sql<number>`count(*)::int` }).from(teachers),
    t.db.select({ n: sql<number>`count(*)::int` }).from(teacherBranches),
    t.db.select({ n: sql<number>`count(*)::int` }).from(students),
    t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog),
  ]);
  const people = await t.db
    .select({
      email: profiles.email,
      name: profiles.name,
      active: profiles.isActive,
      ver: profiles.tokenVersion,
    })
    .from(profiles)
    .orderBy(profiles.id);
  const studentRows = await t.db
    .select({ e: students.enrollment, b: students.branchId, s: students.semesterId })
    .from(students)
    .orderBy(students.id);
  return { counts: [p[0]!.n, tch[0]!.n, tb[0]!.n, st[0]!.n, au[0]!.n], people, studentRows };
}

async function auditsOf(action: string) {
  return t.db.select().from(auditLog).where(eq(auditLog.action, action));
}

describe('who may manage people', () => {
  it('refuses teachers and students every people call with 403, and anonymous callers with 401', async () => {
    const w = await world();
    const slug = w.ceStudent.profile.slug;
    const calls: Array<[RouteDef, Record<string, string>]> = [
      [routes.list, {}],
      [routes.options, {}],
      [routes.add, {}],
      [routes.edit, { person_slug: slug }],
      [routes.deactivate, { person_slug: slug }],
      [routes.reactivate, { person_slug: slug }],
      [routes.invite, { person_slug: slug }],
      [routes.inviteNotSignedIn, {}],
    ];
    for (const [route, params] of calls) {
      for (const token of [w.tokens.teacher, w.tokens.student, undefined]) {
        const res = await call(t.app, {
          method: route.method,
          url: url(route, params),
          ...(token ? { token } : {}),
          ...(route.method === 'POST' ? { body: { name: 'X' } } : {}),
        });
        expect({ id: route.id, status: res.status }).toEqual({ id: route.id, status: token ? 403 : 401 });
      }
    }
    expect((await t.db.select().from(profiles).where(eq(profiles.isActive, false))).length).toBe(0);
  });
});

describe('listing people', () => {
  it('shows a branch admin the teachers and students of their branches only, an institution admin everyone of the institution', async () => {
    const w = await world();
    const ce = await list(w.tokens.ce);
    expect(ce.status).toBe(200);
    expect(emailsOf(ce.body).sort()).toEqual(['chirag@example.test', 'riya@example.test']);
    expect(ce.body.data).toMatchObject({ page: 1, page_size: 25, total: 2, not_signed_in: 2 });
    const riya = ce.body.data.people.find((p: { email: string }) => p.email === 'riya@example.test');
    expect(riya).toEqual({
      slug: w.ceStudent.profile.slug,
      role: 'student',
      name: 'Riya Patel',
      email: 'riya@example.test',
      is_active: true,
      invited_at: null,
      last_login_at: null,
      teacher_code: null,
      enrollment: '230280107001',
      branches: [{ slug: w.ce.slug, branch_name: 'Computer Engineering', branch_code: '07' }],
      stream: { slug: w.ceBE.slug, title: 'BE', stream_code: '07' },
      semester: { slug: w.ceSem5.slug, no: 5, academic_year: '2026-27' },
    });

    const all = await list(w.tokens.registrar);
    expect(emailsOf(all.body).sort()).toEqual([
      'aman@example.test',
      'chirag@example.test',
      'irfan@example.test',
      'riya@example.test',
    ]);
    // Admins are not people of this page, and another institution's people never show.
    expect(all.body.data.total).toBe(4);
    const other = await list(w.tokens.other);
    expect(other.body.data.total).toBe(2);
    expect(emailsOf(other.body)).not.toContain('riya@example.test');
  });

  it('shows a teacher of two branches to the admins of both, with both branches', async () => {
    const w = await world();
    await t.db
      .insert(teacherBranches)
      .values({ teacherId: w.ceTeacher.teacher.id, branchId: w.it.id, ordering: 1 });
    const it = await list(w.tokens.it, '?role=teacher');
    expect(emailsOf(it.body).sort()).toEqual(['chirag@example.test', 'irfan@example.test']);
    const chirag = it.body.data.people.find((p: { email: string }) => p.email === 'chirag@example.test');
    expect(chirag.branches.map((b: { branch_code: string }) => b.branch_code)).toEqual(['07', '16']);
    expect(chirag.teacher_code).toBe('CST');
  });

  it('searches by name, email, enrolment and teacher code, any case, with % and _ taken literally', async () => {
    const w = await world();
    const search = async (q: string) =>
      emailsOf((await list(w.tokens.registrar, `?q=${encodeURIComponent(q)}`)).body);
    expect(await search('riya')).toEqual(['riya@example.test']);
    expect(await search('IRFAN@')).toEqual(['irfan@example.test']);
    expect(await search('0116')).toEqual(['aman@example.test']);
    expect(await search('cst')).toEqual(['chirag@example.test']);
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
  });

  it('folds accents and apostrophes: "jose" finds José, "oneil" O\'Neil, "dsouza" D’Souza, and back', async () => {
    const w = await world();
    const person = (name: string, email: string, enrollment: string) =>
      buildStudent(t.db, {
        institutionId: w.institutionId,
        branchId: w.ce.id,
        semesterId: w.ceSem5.id,
        name,
        email,
        enrollment,
      });
    await person('José Álvarez', 'jose@example.test', '230280107101');
    await person("Mary O'Neil", 'mary@example.test', '230280107102');
    await person('Anil D’Souza', 'anil@example.test', '230280107103');
    await person('Zoë Brontë', 'zoe.bronte@example.test', '230280107104');
    const search = async (q: string) =>
      emailsOf((await list(w.tokens.registrar, `?q=${encodeURIComponent(q)}`)).body);
    expect(await search('Jose')).toEqual(['jose@example.test']);
    expect(await search('alvarez')).toEqual(['jose@example.test']);
    expect(await search('oneil')).toEqual(['mary@example.test']);
    expect(await search("o'neil")).toEqual(['mary@example.test']);
    expect(await search('o’neil')).toEqual(['mary@example.test']);
    expect(await search('dsouza')).toEqual(['anil@example.test']);
    expect(await search("D'Souza")).toEqual(['anil@example.test']);
    expect(await search('ZOE BRONTE')).toEqual(['zoe.bronte@example.test']);
    expect(await search('Brontë')).toEqual(['zoe.bronte@example.test']);
    // Another institution's José is never found.
    await buildStudent(t.db, {
      institutionId: w.other.institution.id,
      branchId: w.other.branch.id,
      name: 'José Other',
      email: 'jose.other@example.test',
    });
    expect(await search('jose')).toEqual(['jose@example.test']);
    // Only an apostrophe folds to nothing: it is then searched as typed.
    expect(await search("'")).toEqual(['mary@example.test']);
  });

  it('filters by role and account state, and pages', async () => {
    const w = await world();
    await t.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, w.itStudent.profile.id));
    await t.db
      .update(profiles)
      .set({ lastLoginAt: new Date() })
      .where(eq(profiles.id, w.itTeacher.profile.id));
    const emails = async (query: string) => emailsOf((await list(w.tokens.registrar, query)).body).sort();
    expect(await emails('?role=student')).toEqual(['aman@example.test', 'riya@example.test']);
    expect(await emails('?status=inactive')).toEqual(['aman@example.test']);
    expect(await emails('?status=not_signed_in')).toEqual(['chirag@example.test', 'riya@example.test']);
    expect(await emails('?status=active&role=teacher')).toEqual([
      'chirag@example.test',
      'irfan@example.test',
    ]);

    const first = await list(w.tokens.registrar, '?page_size=3');
    const second = await list(w.tokens.registrar, '?page_size=3&page=2');
    expect(first.body.data).toMatchObject({ total: 4, page: 1, page_size: 3, not_signed_in: 2 });
    expect(first.body.data.people).toHaveLength(3);
    expect(second.body.data.people).toHaveLength(1);
    // Ordered by name: Aman, Chirag, Irfan | Riya.
    expect([...emailsOf(first.body), ...emailsOf(second.body)]).toEqual([
      'aman@example.test',
      'chirag@example.test',
      'irfan@example.test',
      'riya@example.test',
    ]);
  });

  it('refuses bad filters with 400 naming the field', async () => {
    const w = await world();
    for (const [query, message] of [
      ['?page=0', 'page must be at least 1'],
      ['?page_size=500', 'page_size must be at most 100'],
      ['?role=admin', 'role must be teacher or student'],
      [`?q=${'x'.repeat(101)}`, 'q must be at most 100 characters'],
    ] as const) {
      const res = await list(w.tokens.ce, query);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ data: null, error: true, message });
    }
  });

  it('offers the branches, streams and active semesters of the caller only', async () => {
    const w = await world();
    const res = await call(t.app, { method: 'GET', url: url(routes.options), token: w.tokens.ce });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      branches: [
        {
          slug: w.ce.slug,
          branch_name: 'Computer Engineering',
          branch_code: '07',
          streams: [
            {
              slug: w.ceBE.slug,
              title: 'BE',
              stream_code: '07',
              semesters: [
                { slug: w.ceSem5.slug, no: 5, academic_year: '2026-27' },
                { slug: w.ceSem7.slug, no: 7, academic_year: '2026-27' },
              ],
            },
          ],
        },
      ],
    });
    const all = await call(t.app, { method: 'GET', url: url(routes.options), token: w.tokens.registrar });
    expect(all.body.data.branches.map((b: { branch_code: string }) => b.branch_code)).toEqual(['07', '16']);
  });
});

const newStudent = (w: World, extra: Record<string, unknown> = {}) => ({
  role: 'student',
  name: 'Nisha Desai',
  email: 'Nisha.Desai@Example.test',
  enrollment: '240280107042',
  branch_slug: w.ce.slug,
  semester_slug: w.ceSem5.slug,
  ...extra,
});

const newTeacher = (w: World, extra: Record<string, unknown> = {}) => ({
  role: 'teacher',
  name: 'Harsh Vyas',
  email: 'harsh@example.test',
  teacher_code: 'HKV',
  branch_slugs: [w.ce.slug],
  ...extra,
});

describe('adding a person', () => {
  it('adds a student placed in a semester, with no usable password and no mail unless asked', async () => {
    const w = await world();
    const res = await add(w.tokens.ce, newStudent(w));
    expect(res.status).toBe(200);
    expect(res.body.data.invitation).toBeNull();
    expect(res.body.data.person).toMatchObject({
      role: 'student',
      name: 'Nisha Desai',
      email: 'nisha.desai@example.test',
      enrollment: '240280107042',
      is_active: true,
      invited_at: null,
      stream: { slug: w.ceBE.slug },
      semester: { slug: w.ceSem5.slug, no: 5 },
      branches: [{ slug: w.ce.slug }],
    });
    const [row] = await t.db.select().from(profiles).where(eq(profiles.email, 'nisha.desai@example.test'));
    expect(row?.institutionId).toBe(w.institutionId);
    for (const password of ['', TEST_PASSWORD, row!.passwordHash]) {
      if (password) expect((await login('nisha.desai@example.test', password)).status).toBe(401);
    }
    expect(t.smtp.received).toHaveLength(0);
    const [entry] = await auditsOf('person.create');
    expect(entry).toMatchObject({ actorProfileId: w.ceAdmin.profile.id, entitySlug: row!.slug });
    expect(emailsOf((await list(w.tokens.ce, '?q=nisha')).body)).toEqual(['nisha.desai@example.test']);
  });

  it('adds a teacher of several branches and sends the invitation at once when asked', async () => {
    const w = await world();
    const res = await add(
      w.tokens.registrar,
      newTeacher(w, { branch_slugs: [w.it.slug, w.ce.slug], send_invitation: true }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.invitation).toEqual({ sent: 1, failed: 0 });
    expect(res.body.data.person).toMatchObject({
      role: 'teacher',
      teacher_code: 'HKV',
      stream: null,
      semester: null,
    });
    expect(res.body.data.person.branches.map((b: { branch_code: string }) => b.branch_code)).toEqual([
      '16',
      '07',
    ]);
    // The institution's clock (Asia/Kolkata by default) with its offset, the same instant.
    expect(res.body.data.person.invited_at).toMatch(/\+05:30$/);
    expect(Date.parse(res.body.data.person.invited_at)).toBe(
      Math.floor(t.clock.now().getTime() / 1000) * 1000,
    );
    expect(t.smtp.lastTo('harsh@example.test')).toMatch(/update_password\?profile_slug=/);
  });

  it('adds a student without a semester', async () => {
    const w = await world();
    const res = await add(w.tokens.ce, newStudent(w, { semester_slug: null }));
    expect(res.status).toBe(200);
    expect(res.body.data.person).toMatchObject({ semester: null, stream: null });
  });

  it('refuses bad input with a clear 4xx and writes nothing', async () => {
    const w = await world();
    const before = await snapshot();
    const cases: Array<[unknown, number, string | RegExp]> = [
      [
        newStudent(w, { email: '=HYPERLINK("x")@a.co' }),
        400,
        'An email address must not start with =, +, - or @',
      ],
      [
        newStudent(w, { email: '+riya@example.test' }),
        400,
        'An email address must not start with =, +, - or @',
      ],
      [newStudent(w, { email: 'not-an-email' }), 400, 'Please enter a valid email address'],
      [newStudent(w, { name: ' ' }), 400, 'name must not be empty'],
      [newStudent(w, { role: 'admin' }), 400, /role must be teacher or student/],
      [newStudent(w, { branch_slug: w.it.slug, semester_slug: w.itSem5.slug }), 404, 'Branch not found'],
      [newStudent(w, { branch_slug: w.other.branch.slug, semester_slug: null }), 404, 'Branch not found'],
      [newStudent(w, { semester_slug: w.itSem5.slug }), 404, 'Semester not found'],
      [newStudent(w, { email: 'RIYA@example.test' }), 409, 'This email address is already in use'],
      // Sign-in emails are unique across institutions too.
      [newStudent(w, { email: w.otherStudent.profile.email }), 409, 'This email address is already in use'],
      [
        newStudent(w, { enrollment: '230280107001' }),
        409,
        'Enrolment 230280107001 is already used by another student',
      ],
      [newTeacher(w, { teacher_code: 'CST' }), 409, 'Teacher code CST is already used by another teacher'],
      // Without case, as the workbook import compares them.
      [newTeacher(w, { teacher_code: 'cst' }), 409, 'Teacher code cst is already used by another teacher'],
      [newTeacher(w, { branch_slugs: [w.ce.slug, w.it.slug] }), 404, 'Branch not found'],
      [newTeacher(w, { branch_slugs: [] }), 400, 'branch_slugs must contain at least 1 id'],
      [newTeacher(w, { teacher_code: 'a b' }), 400, /teacher_code must be/],
    ];
    for (const [body, status, message] of cases) {
      const res = await add(w.tokens.ce, body);
      expect({ status: res.status, body }).toEqual({ status, body });
      expect(res.body).toMatchObject({ data: null, error: true });
      expect(res.body.message).toMatch(message);
    }
    // The semester must be of the student's branch (the institution admin sees both branches).
    const mismatch = await add(w.tokens.registrar, newStudent(w, { semester_slug: w.itSem5.slug }));
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe('The semester chosen belongs to another branch than the student');
    expect(await snapshot()).toEqual(before);
    expect(t.smtp.received).toHaveLength(0);
  });

  it('stores a name with its runs of spaces made one, so it is found as typed', async () => {
    const w = await world();
    const res = await add(w.tokens.ce, newStudent(w, { name: '  Meera   Joshi  ' }));
    expect(res.status).toBe(200);
    expect(res.body.data.person.name).toBe('Meera Joshi');
    const found = await list(w.tokens.ce, '?q=meera%20joshi');
    expect(found.body.data.people.map((p: { name: string }) => p.name)).toEqual(['Meera Joshi']);
    const edited = await act(routes.edit, w.tokens.ce, res.body.data.person.slug, {
      name: 'Meera  K.  Joshi',
    });
    expect(edited.body.data.name).toBe('Meera K. Joshi');
  });

  it('refuses an enrolment another student has in another case', async () => {
    const w = await world();
    await t.db
      .update(students)
      .set({ enrollment: '23CE001X' })
      .where(eq(students.id, w.ceStudent.student.id));
    const res = await add(w.tokens.ce, newStudent(w, { enrollment: '23ce001x' }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Enrolment 23ce001x is already used by another student');
    // The student's own enrolment may change case.
    const own = await act(routes.edit, w.tokens.ce, w.ceStudent.profile.slug, { enrollment: '23ce001x' });
    expect(own.status).toBe(200);
  });

  it('lets an admin add a teacher code or enrolment another institution already uses', async () => {
    const w = await world();
    const [otherTeacher] = await t.db
      .select()
      .from(teachers)
      .where(eq(teachers.id, w.otherTeacher.teacher.id));
    const res = await add(w.tokens.ce, newTeacher(w, { teacher_code: otherTeacher!.teacherCode }));
    expect(res.status).toBe(200);
  });
});

describe('editing a person', () => {
  it("changes a student's name, email and semester, audited, and ends their sign-ins when the email changes", async () => {
    const w = await world();
    const before = await login('riya@example.test');
    expect(before.status).toBe(200);
    const res = await act(routes.edit, w.tokens.ce, w.ceStudent.profile.slug, {
      name: 'Riya K. Patel',
      email: 'Riya.Patel@Example.test',
      semester_slug: w.ceSem7.slug,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Riya K. Patel',
      email: 'riya.patel@example.test',
      semester: { slug: w.ceSem7.slug, no: 7 },
    });
    const stale = await call(t.app, {
      method: 'GET',
      url: '/api/check_token_authenticity',
      token: before.body.access,
    });
    expect(stale.status).toBe(401);
    expect((await login('riya.patel@example.test')).status).toBe(200);
    const [entry] = await auditsOf('person.update');
    expect(entry?.detail).toMatchObject({
      name: { from: 'Riya Patel', to: 'Riya K. Patel' },
      email: { from: 'riya@example.test', to: 'riya.patel@example.test' },
      semester: w.ceSem7.slug,
    });
  });

  it("replaces a teacher's branches within the admin's scope and keeps the others", async () => {
    const w = await world();
    // Chirag teaches in IT (main) and CE; the CE admin edits only what is theirs.
    await t.db.delete(teacherBranches).where(eq(teacherBranches.teacherId, w.ceTeacher.teacher.id));
    await t.db.insert(teacherBranches).values([
      { teacherId: w.ceTeacher.teacher.id, branchId: w.it.id, ordering: 0 },
      { teacherId: w.ceTeacher.teacher.id, branchId: w.ce.id, ordering: 1 },
    ]);
    const [mech] = await t.db
      .insert(branches)
      .values({ institutionId: w.institutionId, name: 'Mechanical', code: '19' })
      .returning();
    await t.db.insert(adminBranches).values({ profileId: w.ceAdmin.profile.id, branchId: mech!.id });
    const res = await act(routes.edit, w.tokens.ce, w.ceTeacher.profile.slug, {
      branch_slugs: [mech!.slug],
      teacher_code: 'CST2',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.branches.map((b: { branch_code: string }) => b.branch_code)).toEqual(['16', '19']);
    expect(res.body.data.teacher_code).toBe('CST2');
  });

  it('moves a student to another branch only with a semester of that branch, and never once placed in a division', async () => {
    const w = await world();
    const slug = w.ceStudent.profile.slug;
    const before = await snapshot();
    const noSemester = await act(routes.edit, w.tokens.registrar, slug, { branch_slug: w.it.slug });
    expect(noSemester.status).toBe(400);
    expect(noSemester.body.message).toMatch(/Choose a semester of the new branch/);
    const wrong = await act(routes.edit, w.tokens.registrar, slug, {
      branch_slug: w.it.slug,
      semester_slug: w.ceSem7.slug,
    });
    expect(wrong.status).toBe(400);
    expect(await snapshot()).toEqual(before);

    const [division] = await t.db
      .insert(divisions)
      .values({ semesterId: w.ceSem5.id, name: 'A' })
      .returning();
    await t.db
      .insert(divisionStudents)
      .values({ semesterId: w.ceSem5.id, divisionId: division!.id, studentId: w.ceStudent.student.id });
    const placed = await act(routes.edit, w.tokens.registrar, slug, {
      branch_slug: w.it.slug,
      semester_slug: w.itSem5.slug,
    });
    expect(placed.status).toBe(409);
    expect(placed.body.message).toMatch(/already placed in a division/);
    expect(await snapshot()).toEqual(before);

    await t.db.delete(divisionStudents);
    const moved = await act(routes.edit, w.tokens.registrar, slug, {
      branch_slug: w.it.slug,
      semester_slug: w.itSem5.slug,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({
      branches: [{ slug: w.it.slug }],
      stream: { slug: w.itBE.slug },
      semester: { slug: w.itSem5.slug },
    });
    // Now an IT student: the CE admin no longer sees them.
    expect((await act(routes.edit, w.tokens.ce, slug, { name: 'X' })).status).toBe(404);
  });

  it('refuses bad edits with a clear 4xx and writes nothing', async () => {
    const w = await world();
    const before = await snapshot();
    const student = w.ceStudent.profile.slug;
    const teacher = w.ceTeacher.profile.slug;
    const cases: Array<[string, unknown, number, string | RegExp]> = [
      [student, {}, 400, 'Nothing to change: send at least one field'],
      [student, { email: '-1+1@example.test' }, 400, 'An email address must not start with =, +, - or @'],
      [student, { email: '@x@example.test' }, 400, 'An email address must not start with =, +, - or @'],
      [student, { email: 'chirag@example.test' }, 409, 'This email address is already in use'],
      [student, { teacher_code: 'RP' }, 400, 'teacher_code cannot be set for a student'],
      [
        teacher,
        { enrollment: '1', semester_slug: null },
        400,
        'enrollment, semester_slug cannot be set for a teacher',
      ],
      [student, { enrollment: '230280116001' }, 409, /^Enrolment 230280116001 is already used/],
      [teacher, { teacher_code: 'IMM' }, 409, 'Teacher code IMM is already used by another teacher'],
      [teacher, { teacher_code: 'Imm' }, 409, 'Teacher code Imm is already used by another teacher'],
      [teacher, { branch_slugs: [w.it.slug] }, 404, 'Branch not found'],
      [student, { semester_slug: w.itSem5.slug }, 404, 'Semester not found'],
      [w.itStudent.profile.slug, { name: 'X' }, 404, 'Person not found'],
      [w.otherStudent.profile.slug, { name: 'X' }, 404, 'Person not found'],
      [w.registrar.slug, { name: 'X' }, 404, 'Person not found'],
      ['no-such-person', { name: 'X' }, 404, 'Person not found'],
    ];
    for (const [slug, body, status, message] of cases) {
      const res = await act(routes.edit, w.tokens.ce, slug, body);
      expect({ status: res.status, body }).toEqual({ status, body });
      expect(res.body.message).toMatch(message);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('deactivating and reactivating', () => {
  it('stops a deactivated person signing in and ends their open sign-ins; reactivating lets them back', async () => {
    const w = await world();
    const signedIn = await login('riya@example.test');
    expect(signedIn.status).toBe(200);
    const res = await act(routes.deactivate, w.tokens.ce, w.ceStudent.profile.slug);
    expect(res.status).toBe(200);
    expect(res.body.data.is_active).toBe(false);

    expect((await login('riya@example.test')).status).toBe(401);
    const access = await call(t.app, {
      method: 'GET',
      url: '/api/check_token_authenticity',
      token: signedIn.body.access,
    });
    expect(access.status).toBe(401);
    const refresh = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/token/refresh/',
      body: { refresh: signedIn.body.refresh },
    });
    expect(refresh.status).toBe(401);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, w.ceStudent.profile.id));
    expect(row?.tokenVersion).toBe(w.ceStudent.profile.tokenVersion + 1);
    expect(await auditsOf('person.deactivate')).toHaveLength(1);

    const again = await act(routes.deactivate, w.tokens.ce, w.ceStudent.profile.slug);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Riya Patel is already deactivated');

    const back = await act(routes.reactivate, w.tokens.ce, w.ceStudent.profile.slug);
    expect(back.status).toBe(200);
    expect(back.body.data.is_active).toBe(true);
    expect((await login('riya@example.test')).status).toBe(200);
    expect(await auditsOf('person.reactivate')).toHaveLength(1);
    expect((await act(routes.reactivate, w.tokens.ce, w.ceStudent.profile.slug)).status).toBe(409);
  });

  it('answers 404 for people outside the caller’s branches or institution, changing nothing', async () => {
    const w = await world();
    const before = await snapshot();
    for (const route of [routes.deactivate, routes.reactivate, routes.invite]) {
      for (const slug of [
        w.itStudent.profile.slug,
        w.otherStudent.profile.slug,
        w.otherTeacher.profile.slug,
      ]) {
        const res = await act(route, w.tokens.ce, slug);
        expect({ id: route.id, status: res.status }).toEqual({ id: route.id, status: 404 });
        expect(res.body.message).toBe('Person not found');
      }
    }
    expect(await snapshot()).toEqual(before);
    expect(t.smtp.received).toHaveLength(0);
  });
});

describe('invitations from the people calls', () => {
  it('re-sends one invitation, and refuses a deactivated person', async () => {
    const w = await world();
    const first = await act(routes.invite, w.tokens.ce, w.ceTeacher.profile.slug);
    expect(first.status).toBe(200);
    const codeOf = () =>
      /profile_forgot_password_code=([\w-]+)/.exec(t.smtp.lastTo('chirag@example.test') ?? '')![1]!;
    const firstCode = codeOf();
    const res = await act(routes.invite, w.tokens.ce, w.ceTeacher.profile.slug);
    expect(res.status).toBe(200);
    // The first link stops working, and says so as a link replaced (open the latest e-mail), not
    // as a password already chosen.
    const firstCheck = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/check_password_link/',
      body: { profile_slug: w.ceTeacher.profile.slug, profile_forgot_password_code: firstCode },
    });
    expect(firstCheck.body.data).toEqual({ state: 'invalid' });
    expect(codeOf()).not.toBe(firstCode);
    expect(res.body.data.invited_at).toMatch(/\+05:30$/);
    expect(Date.parse(res.body.data.invited_at)).toBe(Math.floor(t.clock.now().getTime() / 1000) * 1000);
    expect(t.smtp.lastTo('chirag@example.test')).toMatch(/profile_forgot_password_code=/);

    await act(routes.deactivate, w.tokens.ce, w.ceStudent.profile.slug);
    const refused = await act(routes.invite, w.tokens.ce, w.ceStudent.profile.slug);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/deactivated: reactivate them before inviting them/);
    expect(t.smtp.lastTo('riya@example.test')).toBeUndefined();
  });

  it("invites everyone of the caller's branches who has never signed in, in one call", async () => {
    const w = await world();
    const extra = await buildStudent(t.db, {
      institutionId: w.institutionId,
      branchId: w.ce.id,
      email: 'new@example.test',
    });
    await t.db
      .update(profiles)
      .set({ lastLoginAt: new Date() })
      .where(eq(profiles.id, w.ceTeacher.profile.id));
    const inactive = await buildStudent(t.db, {
      institutionId: w.institutionId,
      branchId: w.ce.id,
      email: 'gone@example.test',
      isActive: false,
    });
    const res = await call(t.app, { method: 'POST', url: url(routes.inviteNotSignedIn), token: w.tokens.ce });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ sent: 2, failed: 0 });
    expect(t.smtp.received.map((m) => m.to[0]).sort()).toEqual([extra.profile.email, 'riya@example.test']);
    expect(t.smtp.lastTo(inactive.profile.email)).toBeUndefined();
    const [summary] = await auditsOf('people.invite_not_signed_in');
    expect(summary).toMatchObject({ actorProfileId: w.ceAdmin.profile.id, detail: { sent: 2, failed: 0 } });
    expect(await auditsOf('person.invited')).toHaveLength(2);

    const listed = await list(w.tokens.ce, '?status=not_signed_in');
    expect(listed.body.data.people.every((p: { invited_at: string | null }) => p.invited_at !== null)).toBe(
      true,
    );
  });

  it('ends a pending invitation when an admin corrects the email it went to', async () => {
    const w = await world();
    // The invitation went to a mistyped address, which may belong to a stranger.
    await act(routes.invite, w.tokens.ce, w.ceTeacher.profile.slug);
    const code = /profile_forgot_password_code=([\w-]+)/.exec(
      t.smtp.lastTo('chirag@example.test') ?? '',
    )![1]!;
    const link = { profile_slug: w.ceTeacher.profile.slug, profile_forgot_password_code: code };
    const check = () =>
      call(t.app, { method: 'POST', url: '/api/auth/api/check_password_link/', body: link });
    expect((await check()).body.data).toEqual({ state: 'usable' });

    const fixed = await act(routes.edit, w.tokens.ce, w.ceTeacher.profile.slug, {
      email: 'chirag.s@example.test',
    });
    expect(fixed.status).toBe(200);
    expect((await check()).body.data).toEqual({ state: 'invalid' });
    const taken = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/set_updated_password/',
      body: { ...link, password: 'Stolen-pass-2027' },
    });
    expect(taken.status).toBe(404);
    // A new invitation goes to the corrected address and works.
    await act(routes.invite, w.tokens.ce, w.ceTeacher.profile.slug);
    const fresh = /profile_forgot_password_code=([\w-]+)/.exec(
      t.smtp.lastTo('chirag.s@example.test') ?? '',
    )![1]!;
    const freshCheck = await call(t.app, {
      method: 'POST',
      url: '/api/auth/api/check_password_link/',
      body: { ...link, profile_forgot_password_code: fresh },
    });
    expect(freshCheck.body.data).toEqual({ state: 'usable' });
  });

  it('sends nothing when everyone has signed in', async () => {
    const w = await world();
    await t.db.update(profiles).set({ lastLoginAt: new Date() });
    const res = await call(t.app, { method: 'POST', url: url(routes.inviteNotSignedIn), token: w.tokens.ce });
    expect(res.body.data).toEqual({ sent: 0, failed: 0 });
    expect(t.smtp.received).toHaveLength(0);
  });
});
