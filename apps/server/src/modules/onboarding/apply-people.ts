import { eq, sql } from 'drizzle-orm';
import { emailChanges, profiles, students, teacherBranches, teachers } from '../../db/schema';
import { cancelOpenPasswordLinks } from '../../domain/password-links';
import { insertInvitableProfiles, type NewPerson } from '../../domain/new-profiles';
import { batches, idOf, type ApplyContext } from './apply-context';
import { keyOf } from './existing-data';
import type { Planned, StudentValues, WorkbookPlan } from './plan';

/** Inserts people of one role (signing in only after an invitation) and answers their ids in order. */
async function insertProfiles(
  ctx: ApplyContext,
  role: 'teacher' | 'student',
  people: NewPerson[],
): Promise<number[]> {
  const rows = await insertInvitableProfiles(ctx.tx, ctx.institutionId, role, people);
  return rows.map((r) => r.id);
}

/** Changes a person's name and, when the sheet gives a new one, sign-in email (signing them out). */
async function updateProfile(ctx: ApplyContext, profileId: number, name: string, email: string) {
  const current =
    ctx.existing.teachers.find((t) => t.profileId === profileId) ??
    ctx.existing.students.find((s) => s.profileId === profileId);
  const emailChanged = current !== undefined && current.email !== email;
  await ctx.tx
    .update(profiles)
    .set({ name, ...(emailChanged ? { email, tokenVersion: sql`${profiles.tokenVersion} + 1` } : {}) })
    .where(eq(profiles.id, profileId));
  if (emailChanged) {
    await ctx.tx.insert(emailChanges).values({ profileId, oldEmail: current.email, newEmail: email });
    await cancelOpenPasswordLinks(ctx.tx, profileId);
  }
}

/** Teachers: profiles, teacher rows and their branches in order (the first is their home branch). */
export async function applyTeachers(ctx: ApplyContext, plan: WorkbookPlan['Teachers']): Promise<number[]> {
  const created: number[] = [];
  const branchLinks = (teacherId: number, codes: string[]) =>
    [...new Set(codes.map((c) => idOf(ctx.branchIds, keyOf(c), 'branch')))].map((branchId, ordering) => ({
      teacherId,
      branchId,
      ordering,
    }));
  for (const part of batches(plan.filter((p) => p.action === 'create'))) {
    const profileIds = await insertProfiles(
      ctx,
      'teacher',
      part.map((p) => p.values),
    );
    const rows = await ctx.tx
      .insert(teachers)
      .values(
        part.map((p, i) => ({
          institutionId: ctx.institutionId,
          profileId: profileIds[i]!,
          teacherCode: p.values.teacherCode,
          maxWeeklyHours: p.values.maxWeeklyHours,
        })),
      )
      .returning({ id: teachers.id });
    await ctx.tx
      .insert(teacherBranches)
      .values(part.flatMap((p, i) => branchLinks(rows[i]!.id, p.values.branchCodes)));
    created.push(...profileIds);
    await ctx.stepper.step(part.length);
  }
  for (const p of plan.filter((p) => p.action === 'update')) {
    await updateProfile(ctx, p.values.profileId!, p.values.name, p.values.email);
    await ctx.tx
      .update(teachers)
      .set({ teacherCode: p.values.teacherCode, maxWeeklyHours: p.values.maxWeeklyHours })
      .where(eq(teachers.id, p.id!));
    await ctx.tx.delete(teacherBranches).where(eq(teacherBranches.teacherId, p.id!));
    await ctx.tx.insert(teacherBranches).values(branchLinks(p.id!, p.values.branchCodes));
    await ctx.stepper.step();
  }
  return created;
}

/** The student row's place as ids; `undefined` keeps the stored one. */
function placeIds(ctx: ApplyContext, v: StudentValues) {
  const stream = v.stream === 'keep' ? undefined : v.stream;
  const streamId =
    stream === undefined
      ? undefined
      : stream === null
        ? null
        : idOf(ctx.streamIds, keyOf(v.branchCode, stream.streamCode), 'stream');
  let semesterId: number | null | undefined;
  if (v.semester === null) semesterId = null;
  else if (v.semester !== 'keep' && stream)
    semesterId = idOf(
      ctx.semesterIds,
      keyOf(v.branchCode, stream.streamCode, v.semester.no, v.semester.academicYear),
      'semester',
    );
  return {
    branchId: idOf(ctx.branchIds, keyOf(v.branchCode), 'branch'),
    ...(streamId !== undefined ? { streamId } : {}),
    ...(semesterId !== undefined ? { semesterId } : {}),
  };
}

export async function applyStudents(ctx: ApplyContext, plan: WorkbookPlan['Students']): Promise<number[]> {
  const created: number[] = [];
  for (const part of batches(plan.filter((p) => p.action === 'create'))) {
    const profileIds = await insertProfiles(
      ctx,
      'student',
      part.map((p) => p.values),
    );
    await ctx.tx.insert(students).values(
      part.map((p: Planned<StudentValues>, i) => ({
        institutionId: ctx.institutionId,
        profileId: profileIds[i]!,
        enrollment: p.values.enrollment,
        ...placeIds(ctx, p.values),
      })),
    );
    created.push(...profileIds);
    await ctx.stepper.step(part.length);
  }
  for (const p of plan.filter((p) => p.action === 'update')) {
    await updateProfile(ctx, p.values.profileId!, p.values.name, p.values.email);
    await ctx.tx.update(students).set(placeIds(ctx, p.values)).where(eq(students.id, p.id!));
    await ctx.stepper.step();
  }
  return created;
}
