import { and, eq } from 'drizzle-orm';
import {
  academicTerms,
  branches,
  catalogueSubjects,
  classroomBranches,
  classrooms,
  semesters,
  streams,
} from '../../db/schema';
import { batches, idOf, type ApplyContext } from './apply-context';
import { keyOf } from './existing-data';
import type { WorkbookPlan } from './plan';

export async function applyBranches(ctx: ApplyContext, plan: WorkbookPlan['Branches']) {
  for (const b of ctx.existing.branches) ctx.branchIds.set(keyOf(b.code), b.id);
  for (const part of batches(plan.filter((p) => p.action === 'create'))) {
    const rows = await ctx.tx
      .insert(branches)
      .values(
        part.map((p) => ({ institutionId: ctx.institutionId, code: p.values.code, name: p.values.name })),
      )
      .returning({ id: branches.id, code: branches.code });
    for (const r of rows) ctx.branchIds.set(keyOf(r.code), r.id);
    await ctx.stepper.step(part.length);
  }
  for (const p of plan.filter((p) => p.action === 'update')) {
    await ctx.tx.update(branches).set({ name: p.values.name }).where(eq(branches.id, p.id!));
    await ctx.stepper.step();
  }
}

export async function applyStreams(ctx: ApplyContext, plan: WorkbookPlan['Streams']) {
  const codeOf = new Map(ctx.existing.branches.map((b) => [b.id, b.code]));
  for (const s of ctx.existing.streams) {
    const key = keyOf(codeOf.get(s.branchId) ?? '', s.streamCode);
    if (!ctx.streamIds.has(key)) ctx.streamIds.set(key, s.id);
  }
  const created = plan.filter((p) => p.action === 'create');
  for (const part of batches(created)) {
    const rows = await ctx.tx
      .insert(streams)
      .values(
        part.map((p) => ({
          institutionId: ctx.institutionId,
          branchId: idOf(ctx.branchIds, keyOf(p.values.branchCode), 'branch'),
          streamCode: p.values.streamCode,
          title: p.values.title,
        })),
      )
      .returning({ id: streams.id });
    part.forEach((p, i) => ctx.streamIds.set(keyOf(p.values.branchCode, p.values.streamCode), rows[i]!.id));
    await ctx.stepper.step(part.length);
  }
  for (const p of plan.filter((p) => p.action === 'update')) {
    await ctx.tx.update(streams).set({ title: p.values.title }).where(eq(streams.id, p.id!));
    await ctx.stepper.step();
  }
}

/**
 * The academic term of each academic year a new semester is in, created when missing. A new
 * institution's first term is made the active one.
 */
async function termIds(ctx: ApplyContext, years: string[]): Promise<Map<number, number>> {
  const ids = new Map(ctx.existing.terms.map((t) => [t.startYear, t.id]));
  let active = ctx.existing.terms.some((t) => t.isActive);
  for (const startYear of [...new Set(years.map((y) => Number(y.slice(0, 4))))].sort((a, b) => b - a)) {
    if (ids.has(startYear)) continue;
    const [row] = await ctx.tx
      .insert(academicTerms)
      .values({ institutionId: ctx.institutionId, startYear, endYear: startYear + 1, isActive: !active })
      .returning({ id: academicTerms.id });
    active = true;
    ids.set(startYear, row!.id);
  }
  return ids;
}

export async function applySemesters(ctx: ApplyContext, plan: WorkbookPlan['Semesters']) {
  const streamKey = new Map([...ctx.streamIds].map(([key, id]) => [id, key]));
  for (const s of ctx.existing.semesters) {
    if (s.academicYear === null) continue;
    const key = `${streamKey.get(s.streamId) ?? ''}\u0001${keyOf(s.no, s.academicYear)}`;
    if (!ctx.semesterIds.has(key)) ctx.semesterIds.set(key, s.id);
  }
  const keyOfRow = (v: (typeof plan)[number]['values']) =>
    keyOf(v.branchCode, v.streamCode, v.no, v.academicYear);
  for (const p of plan) if (p.id !== undefined) ctx.semesterIds.set(keyOfRow(p.values), p.id);
  const created = plan.filter((p) => p.action === 'create');
  const terms = await termIds(
    ctx,
    created.map((p) => p.values.academicYear),
  );
  for (const part of batches(created)) {
    const rows = await ctx.tx
      .insert(semesters)
      .values(
        part.map((p) => ({
          institutionId: ctx.institutionId,
          streamId: idOf(ctx.streamIds, keyOf(p.values.branchCode, p.values.streamCode), 'stream'),
          termId: terms.get(Number(p.values.academicYear.slice(0, 4))) ?? null,
          no: p.values.no,
          academicYear: p.values.academicYear,
          startDate: p.values.startDate ?? null,
          endDate: p.values.endDate ?? null,
        })),
      )
      .returning({ id: semesters.id });
    part.forEach((p, i) => ctx.semesterIds.set(keyOfRow(p.values), rows[i]!.id));
    await ctx.stepper.step(part.length);
  }
  for (const p of plan.filter((p) => p.action === 'update')) {
    await ctx.tx
      .update(semesters)
      .set({
        academicYear: p.values.academicYear,
        ...(p.values.startDate !== undefined ? { startDate: p.values.startDate } : {}),
        ...(p.values.endDate !== undefined ? { endDate: p.values.endDate } : {}),
      })
      .where(eq(semesters.id, p.id!));
    await ctx.stepper.step();
  }
}

export async function applyClassrooms(ctx: ApplyContext, plan: WorkbookPlan['Classrooms']) {
  const branchIdsOf = (codes: string[]) => [
    ...new Set(codes.map((c) => idOf(ctx.branchIds, keyOf(c), 'branch'))),
  ];
  const fields = (v: (typeof plan)[number]['values']) => ({
    kind: v.kind,
    latitude: v.latitude,
    longitude: v.longitude,
    radiusM: v.radiusM,
    capacity: v.capacity,
  });
  for (const part of batches(plan.filter((p) => p.action === 'create'))) {
    const rows = await ctx.tx
      .insert(classrooms)
      .values(
        part.map((p) => ({ institutionId: ctx.institutionId, name: p.values.name, ...fields(p.values) })),
      )
      .returning({ id: classrooms.id });
    const links = part.flatMap((p, i) =>
      branchIdsOf(p.values.branchCodes).map((branchId) => ({ classroomId: rows[i]!.id, branchId })),
    );
    for (const linkPart of batches(links)) await ctx.tx.insert(classroomBranches).values(linkPart);
    await ctx.stepper.step(part.length);
  }
  for (const p of plan.filter((p) => p.action === 'update')) {
    await ctx.tx.update(classrooms).set(fields(p.values)).where(eq(classrooms.id, p.id!));
    // The sheet's branch list replaces the room's (the room itself is kept).
    const wanted = branchIdsOf(p.values.branchCodes);
    await ctx.tx.delete(classroomBranches).where(eq(classroomBranches.classroomId, p.id!));
    if (wanted.length > 0)
      await ctx.tx
        .insert(classroomBranches)
        .values(wanted.map((branchId) => ({ classroomId: p.id!, branchId })));
    await ctx.stepper.step();
  }
}

export async function applySubjects(ctx: ApplyContext, plan: WorkbookPlan['Subjects']) {
  for (const part of batches(plan.filter((p) => p.action === 'create'))) {
    await ctx.tx
      .insert(catalogueSubjects)
      .values(part.map((p) => ({ institutionId: ctx.institutionId, ...p.values })));
    await ctx.stepper.step(part.length);
  }
  for (const p of plan.filter((p) => p.action === 'update')) {
    await ctx.tx
      .update(catalogueSubjects)
      .set(p.values)
      .where(and(eq(catalogueSubjects.id, p.id!), eq(catalogueSubjects.institutionId, ctx.institutionId)));
    await ctx.stepper.step();
  }
}
