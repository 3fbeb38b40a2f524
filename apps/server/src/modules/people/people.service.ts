import { and, eq, isNull } from 'drizzle-orm';
import type {
  AddedPerson,
  InvitationResult,
  PeopleOptions,
  PeoplePage,
  Person,
  RouteBody,
  StudentPlacement,
  RouteQuery,
  institutionPeopleRoutes,
} from '@rollbook/contract';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../plugins/app/deps';
import type { AuthContext } from '../../lib/caller';
import { profiles, refreshTokens, students, teachers } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { cancelOpenPasswordLinks } from '../../domain/password-links';
import { insertInvitableProfiles, personName } from '../../domain/new-profiles';
import { createPeopleRepository } from '../../domain/people.repository';
import { inviteProfiles } from '../../domain/invitations';
import { isUniqueViolation } from '../../db/errors';
import { createPeopleAdminRepository, type PeopleScope, type PersonRecord } from './people-admin.repository';
import { peopleWire } from './person-wire';
import { createStudentPlacements } from './student-placement';
import { recordDeparture, recordReturn } from './student-departure';
import { localDate } from '../../lib/week';

type ListQuery = RouteQuery<typeof institutionPeopleRoutes.list>;
type AddBody = RouteBody<typeof institutionPeopleRoutes.add>;
type EditBody = RouteBody<typeof institutionPeopleRoutes.edit>;
type PlaceBody = RouteBody<typeof institutionPeopleRoutes.place>;

const TEACHER_ONLY = ['teacher_code', 'branch_slugs'] as const;
const STUDENT_ONLY = ['enrollment', 'branch_slug', 'semester_slug'] as const;

const EMAIL_TAKEN = 'This email address is already in use';
const codeTaken = (code: string) => `Teacher code ${code} is already used by another teacher`;
const enrollmentTaken = (enrollment: string) => `Enrolment ${enrollment} is already used by another student`;

/**
 * People management for admins: the teachers and students of the caller's branches (every branch
 * for an institution admin). Every change is audited; bad input changes nothing.
 */
export function createPeopleService(deps: AppDeps) {
  const repo = createPeopleAdminRepository(deps.db);
  const people = createPeopleRepository(deps.db);
  const placements = createStudentPlacements(deps);
  const now = () => deps.clock.now();

  async function scopeOf(auth: AuthContext): Promise<PeopleScope> {
    return {
      institutionId: auth.institutionId,
      branchIds: await people.adminBranchIds(auth.profileId, auth.institutionId),
    };
  }

  async function wire(scope: PeopleScope, records: readonly PersonRecord[]): Promise<Person[]> {
    const timeZone = await people.institutionTimezone(scope.institutionId);
    return peopleWire(records, await repo.branchesOf(records), timeZone);
  }

  /** Today's civil date in the institution's zone. */
  async function institutionToday(institutionId: number): Promise<string> {
    return localDate(now(), await people.institutionTimezone(institutionId));
  }

  async function personOrThrow(scope: PeopleScope, slug: string): Promise<PersonRecord> {
    const record = await repo.person(scope, slug);
    if (!record) throw notFound('Person');
    return record;
  }

  async function readBack(scope: PeopleScope, slug: string): Promise<Person> {
    const [person] = await wire(scope, [await personOrThrow(scope, slug)]);
    return person!;
  }

  /** Branch ids for slugs, each in the caller's scope (else 404 naming the first unknown one). */
  async function branchIds(scope: PeopleScope, slugs: readonly string[]): Promise<number[]> {
    const unique = [...new Set(slugs)];
    const found = await repo.branchesBySlug(scope, unique);
    const missing = unique.find((slug) => !found.some((b) => b.slug === slug));
    if (missing !== undefined) throw notFound('Branch');
    return unique.map((slug) => found.find((b) => b.slug === slug)!.id);
  }

  /** A semester of the caller's branches that belongs to `branchId`. */
  async function semesterOfBranch(scope: PeopleScope, slug: string, branchId: number) {
    const semester = await repo.semesterBySlug(scope, slug);
    if (!semester) throw notFound('Semester');
    if (semester.branchId !== branchId)
      throw badRequest('The semester chosen belongs to another branch than the student');
    return semester;
  }

  async function assertEmailFree(email: string, exceptProfileId?: number) {
    if (await repo.profileWithEmail(email, exceptProfileId)) throw conflict(EMAIL_TAKEN);
  }

  /** Translates a unique-key race (two admins adding the same person at once) into the 409 a check gives. */
  async function uniquely<T>(write: () => Promise<T>, message: string): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(message);
      throw err;
    }
  }

  /** Ends every sign-in of a profile now: access tokens by version, refresh tokens by revocation. */
  async function endSignIns(
    tx: Parameters<Parameters<AppDeps['db']['transaction']>[0]>[0],
    record: PersonRecord,
    reason: string,
  ) {
    await tx
      .update(profiles)
      .set({ tokenVersion: record.tokenVersion + 1 })
      .where(eq(profiles.id, record.id));
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now(), revokedReason: reason })
      .where(and(eq(refreshTokens.profileId, record.id), isNull(refreshTokens.revokedAt)));
  }

  function auditEntry(auth: AuthContext, action: string, slug: string, detail?: Record<string, unknown>) {
    return {
      institutionId: auth.institutionId,
      actorProfileId: auth.profileId,
      action,
      entityType: 'profile',
      entitySlug: slug,
      ...(detail ? { detail } : {}),
    };
  }

  async function invite(auth: AuthContext, profileIds: number[]): Promise<InvitationResult> {
    return inviteProfiles(deps, profileIds, { actorProfileId: auth.profileId });
  }

  /** A new person's sign-in row: no usable password until they accept an invitation. */
  async function insertProfile(
    tx: DbOrTx,
    scope: PeopleScope,
    role: 'teacher' | 'student',
    name: string,
    email: string,
  ) {
    const [profile] = await insertInvitableProfiles(tx, scope.institutionId, role, [{ name, email }]);
    return profile!;
  }

  async function addTeacher(
    auth: AuthContext,
    scope: PeopleScope,
    body: Extract<AddBody, { role: 'teacher' }>,
  ) {
    const ids = await branchIds(scope, body.branch_slugs);
    if (await repo.teacherWithCode(scope.institutionId, body.teacher_code))
      throw conflict(codeTaken(body.teacher_code));
    const email = body.email.toLowerCase();
    await assertEmailFree(email);
    return uniquely(
      () =>
        deps.db.transaction(async (tx) => {
          const profile = await insertProfile(tx, scope, 'teacher', personName(body.name), email);
          const [teacher] = await tx
            .insert(teachers)
            .values({
              institutionId: scope.institutionId,
              profileId: profile.id,
              teacherCode: body.teacher_code,
            })
            .returning({ id: teachers.id });
          await repo.replaceTeacherBranches(tx, teacher!.id, ids);
          await audit(
            tx,
            auditEntry(auth, 'person.create', profile.slug, {
              role: 'teacher',
              email,
              teacher_code: body.teacher_code,
              branches: body.branch_slugs,
            }),
          );
          return profile;
        }),
      `${EMAIL_TAKEN}, or the teacher code is taken`,
    );
  }

  async function addStudent(
    auth: AuthContext,
    scope: PeopleScope,
    body: Extract<AddBody, { role: 'student' }>,
  ) {
    const [branchId] = await branchIds(scope, [body.branch_slug]);
    const semester = body.semester_slug ? await semesterOfBranch(scope, body.semester_slug, branchId!) : null;
    if (await repo.studentWithEnrollment(scope.institutionId, body.enrollment))
      throw conflict(enrollmentTaken(body.enrollment));
    const email = body.email.toLowerCase();
    await assertEmailFree(email);
    return uniquely(
      () =>
        deps.db.transaction(async (tx) => {
          const profile = await insertProfile(tx, scope, 'student', personName(body.name), email);
          await tx.insert(students).values({
            institutionId: scope.institutionId,
            profileId: profile.id,
            enrollment: body.enrollment,
            branchId: branchId!,
            streamId: semester?.streamId ?? null,
            semesterId: semester?.id ?? null,
          });
          await audit(
            tx,
            auditEntry(auth, 'person.create', profile.slug, {
              role: 'student',
              email,
              enrollment: body.enrollment,
              branch: body.branch_slug,
              semester: body.semester_slug ?? null,
            }),
          );
          return profile;
        }),
      `${EMAIL_TAKEN}, or the enrolment is taken`,
    );
  }

  /** Checks a teacher's edit and returns what to write. */
  async function teacherChanges(scope: PeopleScope, record: PersonRecord, body: EditBody) {
    const teacherId = record.teacherId!;
    const code = body.teacher_code;
    if (code !== undefined && code !== record.teacherCode) {
      if (await repo.teacherWithCode(scope.institutionId, code, teacherId)) throw conflict(codeTaken(code));
    }
    let branches: number[] | undefined;
    if (body.branch_slugs) {
      const chosen = await branchIds(scope, body.branch_slugs);
      const current = await repo.teacherBranchIds(deps.db, teacherId);
      // Branches the caller does not administer are not theirs to take away: they stay, and a main
      // branch outside the caller's scope stays the main one.
      const kept = current.filter((id) => !scope.branchIds.includes(id));
      const mainKept = current[0] !== undefined && kept.includes(current[0]);
      branches = mainKept ? [...kept, ...chosen] : [...chosen, ...kept];
      if (branches.join() === current.join()) branches = undefined;
    }
    return { code: code !== record.teacherCode ? code : undefined, branches };
  }

  /** Checks a student's edit and returns what to write. */
  async function studentChanges(scope: PeopleScope, record: PersonRecord, body: EditBody) {
    const studentId = record.studentId!;
    const enrollment = body.enrollment !== record.enrollment ? body.enrollment : undefined;
    if (
      enrollment !== undefined &&
      (await repo.studentWithEnrollment(scope.institutionId, enrollment, studentId))
    )
      throw conflict(enrollmentTaken(enrollment));
    const currentBranch = record.studentBranchId!;
    const branchId = body.branch_slug ? (await branchIds(scope, [body.branch_slug]))[0]! : currentBranch;
    let semester: { id: number; streamId: number } | null | undefined;
    if (body.semester_slug !== undefined) {
      semester =
        body.semester_slug === null ? null : await semesterOfBranch(scope, body.semester_slug, branchId);
    } else if (branchId !== currentBranch && record.studentSemesterId !== null) {
      throw badRequest(
        'Choose a semester of the new branch (or none) when moving a student to another branch',
      );
    }
    const semesterId = semester === undefined ? record.studentSemesterId : (semester?.id ?? null);
    const moves = branchId !== currentBranch || semesterId !== record.studentSemesterId;
    if (
      moves &&
      record.studentSemesterId !== null &&
      (await repo.placedInDivision(studentId, record.studentSemesterId))
    )
      throw conflict(
        `${record.name ?? record.email} is already placed in a division of their semester, so their branch and semester cannot change`,
      );
    let streamId = record.studentStreamId;
    if (semester) streamId = semester.streamId;
    else if (streamId !== null && (await repo.streamBranchId(streamId)) !== branchId) streamId = null;
    return moves || enrollment !== undefined
      ? { enrollment, branchId, semesterId, streamId, moves }
      : undefined;
  }

  return {
    async list(auth: AuthContext, query: ListQuery): Promise<PeoplePage> {
      const scope = await scopeOf(auth);
      const filter = { search: query.q || undefined, role: query.role, status: query.status };
      const [records, total, notSignedIn] = await Promise.all([
        repo.page(scope, filter, { limit: query.page_size, offset: (query.page - 1) * query.page_size }),
        repo.count(scope, filter),
        repo.count(scope, { status: 'not_signed_in' }),
      ]);
      return {
        people: await wire(scope, records),
        page: query.page,
        page_size: query.page_size,
        total,
        not_signed_in: notSignedIn,
      };
    },

    async options(auth: AuthContext): Promise<PeopleOptions> {
      const { branchRows, semesterRows } = await repo.placements(await scopeOf(auth));
      return {
        branches: branchRows.map((b) => {
          const rows = semesterRows.filter((r) => r.branchId === b.id);
          const streamIds = [...new Set(rows.map((r) => r.streamId))];
          return {
            slug: b.slug,
            branch_name: b.name,
            branch_code: b.code,
            streams: streamIds.map((streamId) => {
              const ofStream = rows.filter((r) => r.streamId === streamId);
              const first = ofStream[0]!;
              return {
                slug: first.streamSlug,
                title: first.streamTitle,
                stream_code: first.streamCode,
                semesters: ofStream.flatMap((r) =>
                  r.semesterSlug !== null && r.semesterNo !== null
                    ? [{ slug: r.semesterSlug, no: r.semesterNo, academic_year: r.academicYear }]
                    : [],
                ),
              };
            }),
          };
        }),
      };
    },

    async add(auth: AuthContext, body: AddBody): Promise<AddedPerson> {
      const scope = await scopeOf(auth);
      const created =
        body.role === 'teacher' ? await addTeacher(auth, scope, body) : await addStudent(auth, scope, body);
      const invitation = body.send_invitation ? await invite(auth, [created.id]) : null;
      return { person: await readBack(scope, created.slug), invitation };
    },

    async edit(auth: AuthContext, slug: string, body: EditBody): Promise<Person> {
      const scope = await scopeOf(auth);
      const record = await personOrThrow(scope, slug);
      const wrongFields = (record.role === 'teacher' ? STUDENT_ONLY : TEACHER_ONLY).filter(
        (field) => body[field] !== undefined,
      );
      if (wrongFields.length > 0)
        throw new AppError(
          'validation_failed',
          `${wrongFields.join(', ')} cannot be set for a ${record.role}`,
          {
            issues: wrongFields.map((path) => ({ path, message: `not used for a ${record.role}` })),
          },
        );
      const email = body.email?.toLowerCase();
      const emailChanges = email !== undefined && email !== record.email.toLowerCase();
      if (emailChanges) await assertEmailFree(email, record.id);
      const typedName = body.name === undefined ? undefined : personName(body.name);
      const name = typedName !== undefined && typedName !== record.name ? typedName : undefined;
      const teacher = record.role === 'teacher' ? await teacherChanges(scope, record, body) : undefined;
      const student = record.role === 'student' ? await studentChanges(scope, record, body) : undefined;
      const changed = {
        ...(name !== undefined ? { name: { from: record.name, to: name } } : {}),
        ...(emailChanges ? { email: { from: record.email, to: email } } : {}),
        ...(teacher?.code !== undefined
          ? { teacher_code: { from: record.teacherCode, to: teacher.code } }
          : {}),
        ...(teacher?.branches ? { branches: body.branch_slugs } : {}),
        ...(student?.enrollment !== undefined
          ? { enrollment: { from: record.enrollment, to: student.enrollment } }
          : {}),
        ...(student?.moves ? { branch: body.branch_slug ?? null, semester: body.semester_slug ?? null } : {}),
      };
      if (Object.keys(changed).length === 0) return readBack(scope, slug);
      await uniquely(
        () =>
          deps.db.transaction(async (tx) => {
            if (name !== undefined || emailChanges)
              await tx
                .update(profiles)
                .set({ ...(name !== undefined ? { name } : {}), ...(emailChanges ? { email } : {}) })
                .where(eq(profiles.id, record.id));
            // Tokens carry the sign-in address: a changed one means signing in again with it.
            if (emailChanges) {
              await endSignIns(tx, record, 'email_changed_by_admin');
              await cancelOpenPasswordLinks(tx, record.id);
            }
            if (teacher?.code !== undefined)
              await tx
                .update(teachers)
                .set({ teacherCode: teacher.code })
                .where(eq(teachers.id, record.teacherId!));
            if (teacher?.branches) await repo.replaceTeacherBranches(tx, record.teacherId!, teacher.branches);
            if (student)
              await tx
                .update(students)
                .set({
                  ...(student.enrollment !== undefined ? { enrollment: student.enrollment } : {}),
                  branchId: student.branchId,
                  semesterId: student.semesterId,
                  streamId: student.streamId,
                })
                .where(eq(students.id, record.studentId!));
            await audit(tx, auditEntry(auth, 'person.update', record.slug, changed));
          }),
        `${EMAIL_TAKEN}, or the code or enrolment is taken`,
      );
      return readBack(scope, slug);
    },

    async deactivate(auth: AuthContext, slug: string): Promise<Person> {
      const scope = await scopeOf(auth);
      const record = await personOrThrow(scope, slug);
      if (!record.isActive) throw conflict(`${record.name ?? record.email} is already deactivated`);
      const today = await institutionToday(scope.institutionId);
      await deps.db.transaction(async (tx) => {
        await tx.update(profiles).set({ isActive: false }).where(eq(profiles.id, record.id));
        // A student who leaves is no longer expected at lectures from today (record-0004).
        if (record.studentId !== null) await recordDeparture(tx, record.studentId, today);
        await endSignIns(tx, record, 'deactivated');
        await audit(tx, auditEntry(auth, 'person.deactivate', record.slug));
      });
      return readBack(scope, slug);
    },

    async reactivate(auth: AuthContext, slug: string): Promise<Person> {
      const scope = await scopeOf(auth);
      const record = await personOrThrow(scope, slug);
      if (record.isActive) throw conflict(`${record.name ?? record.email} is already active`);
      const today = await institutionToday(scope.institutionId);
      await deps.db.transaction(async (tx) => {
        await tx.update(profiles).set({ isActive: true }).where(eq(profiles.id, record.id));
        // Expected again from today (record-0004).
        if (record.studentId !== null) await recordReturn(tx, record.studentId, today);
        await audit(tx, auditEntry(auth, 'person.reactivate', record.slug));
      });
      return readBack(scope, slug);
    },

    async invite(auth: AuthContext, slug: string): Promise<Person> {
      const scope = await scopeOf(auth);
      const record = await personOrThrow(scope, slug);
      if (!record.isActive)
        throw conflict(`${record.name ?? record.email} is deactivated: reactivate them before inviting them`);
      const outcome = await invite(auth, [record.id]);
      if (outcome.sent === 0)
        throw new AppError(
          'service_unavailable',
          'The invitation e-mail could not be sent. Please try again later',
        );
      return readBack(scope, slug);
    },

    /** A student's division and batches, and those of their semester. */
    async placement(auth: AuthContext, slug: string): Promise<StudentPlacement> {
      return placements.read(auth, await personOrThrow(await scopeOf(auth), slug));
    },

    /** Places or moves a student from a given first day (people-0001). */
    async place(auth: AuthContext, slug: string, body: PlaceBody): Promise<StudentPlacement> {
      return placements.place(auth, await personOrThrow(await scopeOf(auth), slug), body);
    },

    async inviteNotSignedIn(auth: AuthContext): Promise<InvitationResult> {
      const scope = await scopeOf(auth);
      const ids = await repo.notSignedInIds(scope);
      const outcome = await invite(auth, ids);
      await audit(deps.db, {
        institutionId: auth.institutionId,
        actorProfileId: auth.profileId,
        action: 'people.invite_not_signed_in',
        entityType: 'institution',
        detail: { ...outcome },
      });
      return outcome;
    },
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
