import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { importJobs, profiles } from '../../db/schema';

export type ImportJobRow = typeof importJobs.$inferSelect;
export type ImportJobPatch = Partial<
  Pick<ImportJobRow, 'status' | 'phase' | 'done' | 'total' | 'report' | 'error' | 'updatedAt'>
>;

/** The import_jobs rows: one per check or import, read back by the page that polls it. */
export function createImportJobsRepository(db: Db) {
  return {
    async insert(values: {
      institutionId: number;
      requestedBy: number;
      fileName: string;
      dryRun: boolean;
      now: Date;
    }): Promise<ImportJobRow> {
      const [row] = await db
        .insert(importJobs)
        .values({
          institutionId: values.institutionId,
          requestedBy: values.requestedBy,
          fileName: values.fileName,
          dryRun: values.dryRun,
          phase: 'Waiting to start',
          createdAt: values.now,
          updatedAt: values.now,
        })
        .returning();
      return row!;
    },

    async update(id: number, patch: ImportJobPatch): Promise<void> {
      await db.update(importJobs).set(patch).where(eq(importJobs.id, id));
    },

    /** A job of the institution by slug (another institution's job is not found). */
    async bySlug(institutionId: number, slug: string): Promise<ImportJobRow | undefined> {
      const [row] = await db
        .select()
        .from(importJobs)
        .where(and(eq(importJobs.slug, slug), eq(importJobs.institutionId, institutionId)));
      return row;
    },

    async latest(institutionId: number, limit: number): Promise<ImportJobRow[]> {
      return db
        .select()
        .from(importJobs)
        .where(eq(importJobs.institutionId, institutionId))
        .orderBy(desc(importJobs.createdAt), desc(importJobs.id))
        .limit(limit);
    },

    /** Public slugs of profiles, in the order of the ids given. */
    async profileSlugs(ids: number[]): Promise<string[]> {
      const slugs = new Map<number, string>();
      for (let i = 0; i < ids.length; i += 1000) {
        const rows = await db
          .select({ id: profiles.id, slug: profiles.slug })
          .from(profiles)
          .where(inArray(profiles.id, ids.slice(i, i + 1000)));
        for (const r of rows) slugs.set(r.id, r.slug);
      }
      return ids.map((id) => slugs.get(id)).filter((s): s is string => s !== undefined);
    },
  };
}

export type ImportJobsRepository = ReturnType<typeof createImportJobsRepository>;
