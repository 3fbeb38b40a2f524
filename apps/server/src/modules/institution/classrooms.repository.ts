import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { branches, classroomBranches, classrooms } from '../../db/schema';

const classroomColumns = {
  id: classrooms.id,
  slug: classrooms.slug,
  name: classrooms.name,
  kind: classrooms.kind,
  latitude: classrooms.latitude,
  longitude: classrooms.longitude,
  radiusM: classrooms.radiusM,
  capacity: classrooms.capacity,
};

export interface BranchRow {
  id: number;
  slug: string;
  name: string;
  code: string;
}

/** A classroom's own columns, as a change writes them. */
export interface ClassroomValues {
  name: string;
  kind: 'classroom' | 'lab';
  latitude: number;
  longitude: number;
  radiusM: number;
  capacity: number | null;
}

/** Queries of the institution's classrooms and their branches; no rules here. */
export function createClassroomsRepository(db: DbOrTx) {
  return {
    async branchesOf(institutionId: number): Promise<BranchRow[]> {
      return db
        .select({ id: branches.id, slug: branches.slug, name: branches.name, code: branches.code })
        .from(branches)
        .where(eq(branches.institutionId, institutionId))
        .orderBy(asc(branches.code), asc(branches.id));
    },

    async classroomsOf(institutionId: number) {
      return db
        .select(classroomColumns)
        .from(classrooms)
        .where(eq(classrooms.institutionId, institutionId))
        .orderBy(asc(classrooms.name), asc(classrooms.id));
    },

    async classroomBySlug(institutionId: number, slug: string) {
      const [row] = await db
        .select(classroomColumns)
        .from(classrooms)
        .where(and(eq(classrooms.institutionId, institutionId), eq(classrooms.slug, slug)));
      return row;
    },

    /** Branch ids per classroom id, for the given rooms. */
    async branchIdsOf(classroomIds: number[]): Promise<Map<number, number[]>> {
      const byRoom = new Map<number, number[]>();
      if (classroomIds.length === 0) return byRoom;
      const rows = await db
        .select({ classroomId: classroomBranches.classroomId, branchId: classroomBranches.branchId })
        .from(classroomBranches)
        .where(inArray(classroomBranches.classroomId, classroomIds));
      for (const r of rows) byRoom.set(r.classroomId, [...(byRoom.get(r.classroomId) ?? []), r.branchId]);
      return byRoom;
    },

    /** Another room of the institution with this name, ignoring case and surrounding spaces. */
    async classroomNamed(institutionId: number, name: string, exceptId?: number) {
      const [row] = await db
        .select({ id: classrooms.id, name: classrooms.name })
        .from(classrooms)
        .where(
          and(
            eq(classrooms.institutionId, institutionId),
            sql`lower(trim(${classrooms.name})) = lower(${name.trim()})`,
            exceptId === undefined ? undefined : ne(classrooms.id, exceptId),
          ),
        )
        .limit(1);
      return row;
    },

    async insertClassroom(institutionId: number, values: ClassroomValues) {
      const [row] = await db
        .insert(classrooms)
        .values({ institutionId, ...values })
        .returning(classroomColumns);
      return row!;
    },

    async updateClassroom(id: number, values: ClassroomValues) {
      const [row] = await db
        .update(classrooms)
        .set(values)
        .where(eq(classrooms.id, id))
        .returning(classroomColumns);
      return row!;
    },

    async replaceBranches(classroomId: number, branchIds: number[]): Promise<void> {
      await db.delete(classroomBranches).where(eq(classroomBranches.classroomId, classroomId));
      if (branchIds.length > 0) {
        await db.insert(classroomBranches).values(branchIds.map((branchId) => ({ classroomId, branchId })));
      }
    },
  };
}

export type ClassroomRow = Awaited<
  ReturnType<ReturnType<typeof createClassroomsRepository>['classroomsOf']>
>[number];
