import { useMemo, useState } from 'react';
import { toast } from '../../lib/toast';
import type { LectureTeacher, WeekDay } from '@rollbook/contract';
import { Skeleton } from '../../components/ui/skeleton';
import { SessionSheetPanel } from '../../components/session-sheet/session-sheet-panel';
import { errorText } from '../../lib/api/api-error';
import { PageTitle } from '../../lib/page-title';
import { downloadCsvText } from '../../lib/csv-download';
import { lecturesByBranch } from './day-lectures';
import { EditClassroomDialog, type PendingClassroom } from './edit-classroom-dialog';
import { LectureCard } from './lecture-card';
import { LECTURES_TEXT } from './lecture-text';
import { AttendanceSheet } from './live/attendance-sheet';
import { useLiveSession } from './live/use-live-session';
import {
  useExportSessionDataMutation,
  useGetTeacherClassroomsQuery,
  useGetTeacherDayQuery,
  useLazyGetClassroomAllocationQuery,
  useSetClassroomDynamicMutation,
} from './teacher-lectures-api';
import { cardClassroomSlug } from './lecture-card';
import { currentWeek, institutionDate } from './week-strip-days';
import { WeekStrip } from './week-strip';

/**
 * The teacher's `/teacher-dashboard` (product spec §2 "Teacher lectures"): the week strip, the
 * day's lecture cards per branch, the classroom change dialog, and the live session sheet.
 */
export function TeacherLecturesPage({ title }: { title: string }) {
  const [day, setDay] = useState<WeekDay | 'current'>('current');
  const timetable = useGetTeacherDayQuery(day);
  // "Today" is the institution's day, which the server names when asked for `current`; the
  // device's own day may differ (another zone), so the strip waits for the server's answer
  // rather than highlight the device's day and jump.
  const [today, setToday] = useState<WeekDay | null>(null);
  if (today === null && day === 'current' && timetable.currentData) setToday(timetable.currentData.day);
  const week = useMemo(() => currentWeek(today ? institutionDate(new Date(), today) : new Date()), [today]);
  const classrooms = useGetTeacherClassroomsQuery();
  const [checkAllocation] = useLazyGetClassroomAllocationQuery();
  const [setClassroom, classroomChange] = useSetClassroomDynamicMutation();
  const [exportSession] = useExportSessionDataMutation();
  const [pending, setPending] = useState<PendingClassroom | null>(null);
  const [busyLecture, setBusyLecture] = useState<string | null>(null);
  const [historySession, setHistorySession] = useState<string | null>(null);
  const live = useLiveSession();

  const selectedDay = day === 'current' ? today : day;
  const branches = timetable.data ? lecturesByBranch(timetable.data.branches) : [];
  const hasLectures = branches.some((branch) => branch.lectures.length > 0);

  const pickClassroom = async (lecture: LectureTeacher, classroomSlug: string) => {
    if (classroomSlug === cardClassroomSlug(lecture)) return;
    const classroom = classrooms.data?.find((room) => room.slug === classroomSlug);
    if (!classroom) return;
    const allocation = await checkAllocation({ lectureSlug: lecture.slug, classroomSlug });
    if (!allocation.data) return; // the base query showed the error
    setPending({
      lecture,
      classroom,
      associatedTeacher: allocation.data.associated_lecture?.teacher ?? null,
    });
  };

  const saveClassroom = async (merge: boolean) => {
    if (!pending) return;
    const result = await setClassroom({
      lectureSlug: pending.lecture.slug,
      classroomSlug: pending.classroom.slug,
      merge,
    });
    if ('data' in result) toast.success(LECTURES_TEXT.classroomChanged);
    setPending(null);
  };

  const start = async (lecture: LectureTeacher) => {
    setBusyLecture(lecture.slug);
    try {
      await live.start(lecture, cardClassroomSlug(lecture));
    } finally {
      setBusyLecture(null);
    }
  };

  const exportAttendance = async (lecture: LectureTeacher) => {
    setBusyLecture(lecture.slug);
    try {
      const result = await exportSession(lecture.session.session_id);
      if ('data' in result && result.data !== undefined)
        downloadCsvText(result.data.text, result.data.fileName);
    } finally {
      setBusyLecture(null);
    }
  };

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-5">
      <PageTitle title={title} />
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <WeekStrip days={week} selected={selectedDay} today={today} onSelect={setDay} />
      <p className="-mt-3 text-xs text-slate-500">{LECTURES_TEXT.institutionClock}</p>
      {timetable.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(timetable.error, LECTURES_TEXT.timetableFailed)}
        </p>
      ) : null}
      {timetable.isFetching && !timetable.data ? <Skeleton className="h-48 w-full" /> : null}
      {timetable.data && !hasLectures ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          {LECTURES_TEXT.empty}
        </p>
      ) : null}
      {branches
        .filter((branch) => branch.lectures.length > 0)
        .map((branch) => (
          <section
            key={branch.branchSlug}
            aria-labelledby={`branch-${branch.branchSlug}`}
            className="flex flex-col gap-3"
          >
            <h2 id={`branch-${branch.branchSlug}`} className="text-lg font-semibold text-slate-800">
              {branch.branchName}
            </h2>
            <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {branch.lectures.map((lecture) => (
                <LectureCard
                  key={lecture.slug}
                  lecture={lecture}
                  classrooms={classrooms.data ?? []}
                  busy={busyLecture === lecture.slug}
                  onPickClassroom={(l, slug) => void pickClassroom(l, slug)}
                  onStart={(l) => void start(l)}
                  onExport={(l) => void exportAttendance(l)}
                  onHistory={(l) => setHistorySession(l.session.session_id)}
                />
              ))}
            </div>
          </section>
        ))}
      <EditClassroomDialog
        pending={pending}
        saving={classroomChange.isLoading}
        onCancel={() => setPending(null)}
        onSave={(merge) => void saveClassroom(merge)}
      />
      <AttendanceSheet live={live} />
      <SessionSheetPanel sessionId={historySession} onClose={() => setHistorySession(null)} />
    </section>
  );
}
