import {
  HISTORY_PAGE_SIZE_DEFAULT,
  type HistoryMetadata,
  type SessionData,
  type SessionsOfTeacher,
  type SessionsOfTeacherBody,
} from '@rollbook/contract';
import type { AppDeps } from '../../plugins/app/deps';
import type { AuthContext } from '../../lib/caller';
import { divisionFullName } from '../../domain/lectures/lecture-wire';
import { attendanceWire } from '../../domain/attendance-wire';
import { createAttendanceRepository } from '../../domain/attendance.repository';
import { createSessionAudience } from '../../domain/lectures/session-audience';
import { forbidden } from '../../lib/app-error';
import { createPeopleRepository } from '../../domain/people.repository';
import { createHistoryRepository, type HistoryScope } from './history.repository';
import { historyItemWire } from './history-wire';
import { accessibleSession, teacherOf } from './session-access';

/** Paging as the call reads it: the query string wins, the body is the later client's fallback. */
export interface HistoryPaging {
  page?: number | undefined;
  page_size?: number | undefined;
}

/** Distinct values by key, in first-seen order. */
function distinct<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}

/** A filter choice's subject, when it has one. */
function subjectChoice(r: {
  subjectSlug: string | null;
  subjectName: string | null;
  subjectCode: string | null;
}): HistoryMetadata['subjects'] {
  return r.subjectSlug === null
    ? []
    : [{ slug: r.subjectSlug, subject_name: r.subjectName ?? '', subject_code: r.subjectCode ?? '' }];
}

/**
 * Past sessions: the filters' choices, one page of held sessions, and one session's final
 * attendance. A teacher sees only their own lectures' sessions (contract §13); an admin every
 * lecture of the branches they administer (Rollbook's calls).
 */
export function createHistoryService(deps: Pick<AppDeps, 'db'>) {
  const repo = createHistoryRepository(deps.db);

  /** The caller's sessions: a teacher's own lectures, an admin's branches. */
  async function scopeOf(auth: AuthContext): Promise<HistoryScope> {
    if (auth.role === 'teacher') {
      const teacher = await teacherOf(deps.db, auth);
      return { institutionId: auth.institutionId, teacherId: teacher.id };
    }
    if (auth.role === 'admin') {
      const branchIds = await createPeopleRepository(deps.db).adminBranchIds(
        auth.profileId,
        auth.institutionId,
      );
      return { institutionId: auth.institutionId, branchIds };
    }
    throw forbidden();
  }

  return {
    async metadata(auth: AuthContext): Promise<HistoryMetadata> {
      const rows = await repo.filterChoices(await scopeOf(auth));
      return {
        branches: distinct(rows, (r) => r.branchSlug).map((r) => ({
          slug: r.branchSlug,
          branch_name: r.branchName,
        })),
        semesters: distinct(rows, (r) => r.semesterSlug).map((r) => ({
          slug: r.semesterSlug,
          no: r.semesterNo,
          branch_name: r.branchName,
        })),
        divisions: distinct(rows, (r) => r.divisionSlug).map((r) => ({
          slug: r.divisionSlug,
          division_name: r.divisionName,
          full_name: divisionFullName(r.divisionName, r.semesterNo),
        })),
        // An instant lecture with a free title has no subject to offer.
        subjects: distinct(rows.flatMap(subjectChoice), (s) => s.slug).sort((a, b) =>
          a.subject_name.localeCompare(b.subject_name),
        ),
      };
    },

    async sessionsPage(
      auth: AuthContext,
      body: SessionsOfTeacherBody,
      query: HistoryPaging,
    ): Promise<SessionsOfTeacher> {
      const scope = await scopeOf(auth);
      const page = query.page ?? body.page ?? 1;
      const size = query.page_size ?? body.page_size ?? HISTORY_PAGE_SIZE_DEFAULT;
      const { rows, total } = await repo.heldSessionsPage(
        scope,
        {
          subjects: body.subjects,
          semesters: body.semesters,
          branches: body.branches,
          divisions: body.divisions,
          startDate: body.start_date,
          endDate: body.end_date,
        },
        { offset: (page - 1) * size, limit: size },
      );
      const counts = await repo.countsOf(rows.map((r) => r.id));
      return {
        results: rows.map((r) => historyItemWire(r, counts.get(r.id))),
        current_page: page,
        num_pages: Math.ceil(total / size),
        count: total,
      };
    },

    /** Every attendance row of one of the caller's sessions, as the live sheet showed them. */
    async sessionData(auth: AuthContext, sessionId: string): Promise<SessionData> {
      const { session } = await accessibleSession(deps.db, auth, sessionId);
      await createSessionAudience(deps.db).fillAbsentRows(session);
      const rows = await createAttendanceRepository(deps.db).attendances(session.id);
      return { marked_attendances: rows.map(attendanceWire) };
    },
  };
}
