import type { SemesterFull, SemesterSummary, Stream, Subject, SubjectCategory } from '@rollbook/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AuthContext } from '../../lib/caller';
import { createScope, type SemesterScope } from '../../domain/caller-scope';
import { catalogueKeyOf, createCatalogueRepository } from '../../domain/subjects/catalogue.repository';
import { deadlineReached } from '../../domain/semester-deadline';
import { catalogueSubjectToWire, offeredSubjectToWire } from '../../domain/subjects/subject-rows';

function streamToWire(s: SemesterScope): Stream {
  return {
    slug: s.stream.slug,
    title: s.stream.title,
    stream_code: s.stream.streamCode,
    branch: { branch_name: s.branch.name, slug: s.branch.slug },
  };
}

/**
 * What admins read while selecting subjects (contract §9.1-9.3, §9.7, §10.1, §11.4): their streams,
 * the semesters with their selection state, the catalogue per academic year and the elective
 * categories. Every slug is resolved within the admin's branches.
 */
export function createCatalogueService(deps: { db: Db; clock: Clock }) {
  const scope = createScope(deps.db);
  const repo = createCatalogueRepository(deps.db);

  return {
    /** The streams of the admin's branches. */
    async streams(auth: AuthContext): Promise<Stream[]> {
      const rows = await scope.streamsOf(auth);
      return rows.map((s) => ({
        slug: s.slug,
        title: s.title,
        stream_code: s.streamCode,
        branch: { branch_name: s.branchName, slug: s.branchSlug },
      }));
    },

    /** A stream's semesters with subjects (null when none), lock state, deadline and catalogue years. */
    async semestersOfStream(auth: AuthContext, streamSlug: string): Promise<SemesterFull[]> {
      const stream = await scope.stream(auth, streamSlug);
      const semesters = await scope.semestersOfStream(stream.id);
      const offered = await repo.offeredOfSemesters(semesters.map((s) => s.id));
      const now = deps.clock.now();
      return Promise.all(
        semesters.map(async (s) => {
          const subjects = offered.filter((o) => o.semesterId === s.id).map((o) => offeredSubjectToWire(o));
          const [first, ...rest] = subjects;
          return {
            slug: s.slug,
            no: s.no,
            status: s.isActive,
            stream: streamToWire(s),
            // The client treats any array, even an empty one, as "already selected".
            subjects: first ? [first, ...rest] : null,
            subjects_locked: s.subjectsLocked,
            deadline_reached: deadlineReached(s.deadline, now, s.timezone),
            subject_choice_deadline: s.deadline,
            years: await repo.academicYears(catalogueKeyOf(s)),
          };
        }),
      );
    },

    /** The short semester list of a stream (division creation). */
    async semesterSummaries(auth: AuthContext, streamSlug: string): Promise<SemesterSummary[]> {
      const stream = await scope.stream(auth, streamSlug);
      const now = deps.clock.now();
      return (await scope.semestersOfStream(stream.id)).map((s) => ({
        slug: s.slug,
        no: s.no,
        status: s.isActive,
        subjects_locked: s.subjectsLocked,
        deadline_reached: deadlineReached(s.deadline, now, s.timezone),
      }));
    },

    /** The catalogue of a semester for one academic year (empty when the year has none). */
    async subjectsOfYear(auth: AuthContext, semesterSlug: string, year: string): Promise<Subject[]> {
      const semester = await scope.semester(auth, semesterSlug);
      const rows = await repo.catalogueOfYear(catalogueKeyOf(semester), year);
      const offered = await repo.offeredOfSemesters([semester.id]);
      const offeredByCatalogue = new Map(offered.map((o) => [o.catalogueId, o]));
      return rows.map((r) => catalogueSubjectToWire(r, offeredByCatalogue.get(r.catalogueId)));
    },

    /** The elective categories of a semester with their subjects. */
    async electiveCategories(auth: AuthContext, semesterSlug: string): Promise<SubjectCategory[]> {
      const semester = await scope.semester(auth, semesterSlug);
      const [categories, offered] = await Promise.all([
        repo.categoriesOfSemesters([semester.id]),
        repo.offeredOfSemesters([semester.id]),
      ]);
      return categories.map((c) => ({
        slug: c.slug,
        category: c.category,
        subjects: offered
          .filter((o) => c.subjectIds.includes(o.offeredId))
          .map((o) => offeredSubjectToWire(o)),
      }));
    },

    /** The academic years the catalogue offers for a semester. */
    async academicYears(auth: AuthContext, semesterSlug: string): Promise<string[]> {
      const semester = await scope.semester(auth, semesterSlug);
      return repo.academicYears(catalogueKeyOf(semester));
    },
  };
}
