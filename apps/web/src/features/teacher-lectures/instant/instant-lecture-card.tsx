import { Clock, Download } from 'lucide-react';
import type { InstantLectureTeacher } from '@rollbook/contract';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LECTURES_TEXT, statusBadge } from '../lecture-text';
import { StartOrJoinButton } from '../start-or-join-button';

/** What an instant lecture is about: its subject's name, else its title. */
export function instantName(lecture: InstantLectureTeacher): string {
  return lecture.subject?.subject_map.subject_name ?? lecture.title ?? '';
}

/** Its audience in words: the batches chosen, else the whole divisions. */
function audienceText(lecture: InstantLectureTeacher): string {
  const divisions = `Division ${lecture.divisions.join(', ')}`;
  return lecture.batches.length > 0 ? `${divisions} · ${lecture.batches.join(', ')}` : divisions;
}

/**
 * One of the teacher's instant lectures: what it is about, its status, semester, audience, day and
 * time, room, and the action for its session like a timetable card: Start, Join, or Export.
 */
export function InstantLectureCard({
  lecture,
  busy,
  onStart,
  onExport,
}: {
  lecture: InstantLectureTeacher;
  busy: boolean;
  onStart: (lecture: InstantLectureTeacher) => void;
  onExport: (lecture: InstantLectureTeacher) => void;
}) {
  const name = instantName(lecture);
  const status = statusBadge(lecture.session.active);
  return (
    <article
      aria-label={`${name} ${lecture.day ?? ''}`.trim()}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-base font-semibold break-words text-slate-900">{name}</h3>
        <div className="flex gap-1.5">
          <Badge tone="brand">instant</Badge>
          <Badge tone={status.tone}>{status.text}</Badge>
        </div>
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
        <dt className="text-slate-500">Branch</dt>
        <dd>{lecture.branch}</dd>
        <dt className="text-slate-500">Semester</dt>
        <dd>{lecture.semester}</dd>
        <dt className="text-slate-500">Students</dt>
        <dd>{audienceText(lecture)}</dd>
        <dt className="text-slate-500">Time</dt>
        <dd className="inline-flex flex-wrap items-center gap-1">
          <Clock className="size-3.5" aria-hidden />
          {lecture.day} {lecture.start_time} - {lecture.end_time}
        </dd>
        <dt className="text-slate-500">Classroom</dt>
        <dd>{lecture.classroom?.class_name ?? 'Campus'}</dd>
      </dl>
      <StartOrJoinButton status={lecture.session.active} busy={busy} onClick={() => onStart(lecture)} />
      {lecture.session.active === 'post' ? (
        <Button variant="secondary" disabled={busy} onClick={() => onExport(lecture)}>
          <Download className="size-4" aria-hidden />
          {LECTURES_TEXT.export}
        </Button>
      ) : null}
    </article>
  );
}
