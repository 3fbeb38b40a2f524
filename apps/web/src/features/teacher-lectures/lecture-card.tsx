import { Clock, Download, History } from 'lucide-react';
import type { Classroom, LectureTeacher } from '@rollbook/contract';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ClassroomPicker } from './classroom-picker';
import { lectureGroup, LECTURES_TEXT, statusBadge } from './lecture-text';
import { lectureTypeText } from '../../lib/lecture-type';
import { StartOrJoinButton } from './start-or-join-button';

/** The room a card shows: the session's final room, else the timetable's. */
export function cardClassroomSlug(lecture: LectureTeacher): string {
  return lecture.session.classroom_final?.slug ?? lecture.classroom.slug;
}

/**
 * One lecture of the teacher's day (product spec §2 "Teacher lectures"): subject, type and status
 * badges, semester, division or batches, times, the classroom dropdown and the action for its
 * session state: "Start Session" (pre), "Join Session" (ongoing), "Export Attendance" and the
 * "Attendance History" sheet (post).
 */
export function LectureCard({
  lecture,
  classrooms,
  busy,
  onPickClassroom,
  onStart,
  onExport,
  onHistory,
}: {
  lecture: LectureTeacher;
  classrooms: readonly Classroom[];
  busy: boolean;
  onPickClassroom: (lecture: LectureTeacher, classroomSlug: string) => void;
  onStart: (lecture: LectureTeacher) => void;
  onExport: (lecture: LectureTeacher) => void;
  /** Opens the ended session's final attendance (where marks are corrected). */
  onHistory: (lecture: LectureTeacher) => void;
}) {
  const status = statusBadge(lecture.session.active);
  const subject = lecture.subject.subject_map.subject_name;
  const ended = lecture.session.active === 'post';
  // The timetable's room may be missing from the teacher's list; keep it selectable.
  const rooms = classrooms.some((room) => room.slug === cardClassroomSlug(lecture))
    ? classrooms
    : [lecture.session.classroom_final ?? lecture.classroom, ...classrooms];
  return (
    <article
      aria-label={`${subject} ${lecture.start_time} - ${lecture.end_time}`}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">{subject}</h3>
        <div className="flex gap-1.5">
          <Badge tone="brand">{lectureTypeText(lecture.type)}</Badge>
          <Badge tone={status.tone}>{status.text}</Badge>
        </div>
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
        <dt className="text-slate-500">Semester</dt>
        <dd>{lecture.subject.semester.no}</dd>
        <dt className="text-slate-500">{lecture.type === 'theory' ? 'Division' : 'Batches'}</dt>
        <dd>{lectureGroup(lecture)}</dd>
        <dt className="text-slate-500">Time</dt>
        <dd className="inline-flex items-center gap-1">
          <Clock className="size-3.5" aria-hidden />
          {lecture.start_time} - {lecture.end_time}
        </dd>
      </dl>
      <ClassroomPicker
        label={`Classroom of ${subject}`}
        value={cardClassroomSlug(lecture)}
        classrooms={rooms}
        disabled={ended || busy}
        onChange={(slug) => onPickClassroom(lecture, slug)}
      />
      <StartOrJoinButton status={lecture.session.active} busy={busy} onClick={() => onStart(lecture)} />
      {ended ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={busy} onClick={() => onExport(lecture)}>
            <Download className="size-4" aria-hidden />
            {LECTURES_TEXT.export}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={() => onHistory(lecture)}>
            <History className="size-4" aria-hidden />
            {LECTURES_TEXT.history}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
