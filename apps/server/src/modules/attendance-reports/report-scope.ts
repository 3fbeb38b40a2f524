import type { ReportFilterQuery } from '@rollbook/contract';
import type { AuthContext } from '../../lib/caller';
import { AppError, notFound } from '../../lib/app-error';
import { createPeopleRepository } from '../../domain/people.repository';
import type { RecordFilter } from '../../domain/attendance-record';
import type { Db } from '../../db/client';
import { createReportsRepository, type ScopedSubject } from './reports.repository';

/**
 * What a caller's reports may cover: a teacher the subjects they teach (every student of those
 * subjects); an admin the subjects of their branches (an institution admin: every branch).
 * Anything named outside answers 404, exactly like a slug that does not exist.
 */
export interface ReportScope {
  institutionId: number;
  /** The admin's branches; undefined for a teacher (their subjects bound them). */
  branchIds: number[] | undefined;
  subjects: ScopedSubject[];
}

export async function reportScopeOf(db: Db, auth: AuthContext): Promise<ReportScope> {
  const repo = createReportsRepository(db);
  if (auth.role === 'teacher') {
    const teacherId = await repo.teacherId(auth.profileId, auth.institutionId);
    const subjects = teacherId === undefined ? [] : await repo.teacherSubjects(teacherId, auth.institutionId);
    return { institutionId: auth.institutionId, branchIds: undefined, subjects };
  }
  if (auth.role === 'admin') {
    const branchIds = await createPeopleRepository(db).adminBranchIds(auth.profileId, auth.institutionId);
    return {
      institutionId: auth.institutionId,
      branchIds,
      subjects: await repo.branchSubjects(branchIds, auth.institutionId),
    };
  }
  throw new AppError('forbidden', 'Reports are for teachers and admins');
}

/** A subject of the scope by slug, or 404 "Subject not found". */
export function scopedSubject(scope: ReportScope, slug: string): ScopedSubject {
  const subject = scope.subjects.find((s) => s.slug === slug);
  if (!subject) throw notFound('Subject');
  return subject;
}

type FilterQuery = Pick<ReportFilterQuery, 'subject' | 'division' | 'batch' | 'start_date' | 'end_date'>;

/** The record filter for a report query, every slug checked against the scope. */
export async function recordFilterOf(db: Db, scope: ReportScope, q: FilterQuery): Promise<RecordFilter> {
  const repo = createReportsRepository(db);
  const subject = q.subject === undefined ? undefined : scopedSubject(scope, q.subject);
  let divisionId: number | undefined;
  let batchId: number | undefined;
  if (q.division !== undefined || q.batch !== undefined) {
    const semesterIds = [...new Set(scope.subjects.map((s) => s.semesterId))];
    const divisions = await repo.divisionsOf(semesterIds);
    if (q.division !== undefined) {
      const division = divisions.find((d) => d.slug === q.division);
      if (!division) throw notFound('Division');
      divisionId = division.id;
    }
    if (q.batch !== undefined) {
      const allowed = divisionId === undefined ? divisions.map((d) => d.id) : [divisionId];
      const batch = (await repo.batchesOf(allowed)).find((b) => b.slug === q.batch);
      if (!batch) throw notFound('Batch');
      batchId = batch.id;
    }
  }
  return {
    institutionId: scope.institutionId,
    branchIds: scope.branchIds,
    // A teacher's reports never reach past their subjects, whatever else is asked.
    subjectIds: subject
      ? [subject.id]
      : scope.branchIds === undefined
        ? scope.subjects.map((s) => s.id)
        : undefined,
    divisionId,
    batchId,
    from: q.start_date,
    to: q.end_date,
  };
}
