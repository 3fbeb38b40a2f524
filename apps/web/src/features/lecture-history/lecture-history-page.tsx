import { useState } from 'react';
import { SessionsOfTeacherBodySchema, type SessionHistoryItem } from '@rollbook/contract';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Pager } from '../../components/ui/pager';
import { Skeleton } from '../../components/ui/skeleton';
import { SessionSheetPanel } from '../../components/session-sheet/session-sheet-panel';
import { readableDay } from '../../components/session-sheet/readable-day';
import { errorText } from '../../lib/api/api-error';
import { PageTitle } from '../../lib/page-title';
import { filtersBody, HistoryFilters, NO_FILTERS, type HistoryFilterValues } from './history-filters';
import {
  useBranchHistoryFiltersQuery,
  useBranchSessionsQuery,
  useHistoryMetadataQuery,
  useSessionsOfTeacherQuery,
} from './lecture-history-api';

/** Whose sessions the page lists: the teacher's own, or every teacher's of the admin's branches. */
type HistoryScope = 'teacher' | 'branch';

/** Sessions per page: a phone's screenful of cards or two. */
export const HISTORY_PAGE_SIZE = 10;

function SessionCard({
  session,
  showTeacher,
  onOpen,
}: {
  session: SessionHistoryItem;
  showTeacher: boolean;
  onOpen: () => void;
}) {
  return (
    <li className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 text-base font-semibold break-words text-slate-900">{session.subject_name}</h2>
        <div className="flex gap-1">
          {session.kind === 'instant' ? <Badge tone="brand">Instant lecture</Badge> : null}
          {session.active === 'ongoing' ? <Badge tone="success">Active</Badge> : null}
        </div>
      </div>
      <p className="text-sm text-slate-700">
        {readableDay(session.day)} · {session.start_time}–{session.end_time}
      </p>
      <p className="text-sm text-slate-600">
        {session.division.includes(',') ? 'Divisions' : 'Division'} {session.division} · Sem{' '}
        {session.semester} · {session.branch}
      </p>
      {showTeacher ? <p className="text-sm text-slate-600">Teacher: {session.teacher_name}</p> : null}
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <span>
          Present {session.present_count} of {session.student_count}
        </span>
        {session.excused_count > 0 ? <Badge tone="warning">Excused {session.excused_count}</Badge> : null}
        {session.corrected_count > 0 ? <Badge tone="brand">Corrected {session.corrected_count}</Badge> : null}
      </div>
      <div>
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Open attendance of ${session.subject_name} on ${readableDay(session.day)} at ${session.start_time}`}
          onClick={onOpen}
        >
          Open attendance
        </Button>
      </div>
    </li>
  );
}

/**
 * Lecture History (`/teacher-dashboard/lecture-history`): the teacher's held sessions, newest first,
 * filtered by subject, branch, semester, division and dates, a page at a time; each opens its
 * attendance sheet, where marks are corrected within the institution's window.
 */
export function LectureHistoryPage({ title }: { title: string }) {
  return <LectureHistory title={title} scope="teacher" />;
}

/**
 * Lecture History for admins (`/admin/lecture-history`): the same page over every teacher's held
 * sessions of the admin's branches; admins correct marks at any time.
 */
export function BranchLectureHistoryPage({ title }: { title: string }) {
  return <LectureHistory title={title} scope="branch" />;
}

function LectureHistory({ title, scope }: { title: string; scope: HistoryScope }) {
  const [filters, setFilters] = useState<HistoryFilterValues>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [openSession, setOpenSession] = useState<string | null>(null);
  const teacherMetadata = useHistoryMetadataQuery(undefined, {
    skip: scope !== 'teacher',
    refetchOnMountOrArgChange: true,
  });
  const branchMetadata = useBranchHistoryFiltersQuery(undefined, {
    skip: scope !== 'branch',
    refetchOnMountOrArgChange: true,
  });
  const metadata = scope === 'teacher' ? teacherMetadata : branchMetadata;
  const body = filtersBody(filters);
  // The same rules as the server, so a reversed range is explained instead of sent.
  const checked = SessionsOfTeacherBodySchema.safeParse(body);
  const dateError = checked.success ? null : (checked.error.issues[0]?.message ?? null);
  const args = { filters: body, page, pageSize: HISTORY_PAGE_SIZE };
  const teacherList = useSessionsOfTeacherQuery(args, {
    skip: scope !== 'teacher' || !checked.success,
    refetchOnMountOrArgChange: true,
  });
  const branchList = useBranchSessionsQuery(args, {
    skip: scope !== 'branch' || !checked.success,
    refetchOnMountOrArgChange: true,
  });
  const list = scope === 'teacher' ? teacherList : branchList;
  const data = list.data;
  const filtered = Object.values(filters).some(Boolean);

  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-5">
      <PageTitle title={title} />
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <HistoryFilters
        metadata={metadata.data}
        values={filters}
        dateError={dateError}
        onChange={(values) => {
          setFilters(values);
          setPage(1);
        }}
      />
      {metadata.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(metadata.error, 'The filters could not be loaded')}
        </p>
      ) : null}
      {list.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(list.error, 'The sessions could not be loaded')}
        </p>
      ) : null}
      {list.isFetching && !data ? <Skeleton className="h-48 w-full" /> : null}
      {data && data.results.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          {filtered
            ? 'No session matches these filters.'
            : scope === 'teacher'
              ? 'You have not held any session yet.'
              : 'No session of your branches has been held yet.'}
        </p>
      ) : null}
      {data && data.results.length > 0 ? (
        <>
          <ul aria-label="Sessions" aria-busy={list.isFetching} className="grid gap-3 sm:grid-cols-2">
            {data.results.map((session) => (
              <SessionCard
                key={session.session_id}
                showTeacher={scope === 'branch'}
                session={session}
                onOpen={() => setOpenSession(session.session_id)}
              />
            ))}
          </ul>
          <Pager
            page={data.current_page}
            pages={Math.max(1, data.num_pages)}
            label="Pages of sessions"
            count={`${data.count} ${data.count === 1 ? 'session' : 'sessions'}`}
            onPage={setPage}
          />
        </>
      ) : null}
      <SessionSheetPanel sessionId={openSession} onClose={() => setOpenSession(null)} />
    </section>
  );
}
