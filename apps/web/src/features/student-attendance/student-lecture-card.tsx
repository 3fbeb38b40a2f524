import { CheckCircle2, Clock, Mic, Radio, Send } from 'lucide-react';
import type { LectureStudent } from '@rollbook/contract';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { lectureTypeText } from '../../lib/lecture-type';
import { ATTENDANCE_TEXT } from './attendance-text';

/** "May 6, 2025" for an ISO day, or N/A (contract §6.1). */
export function sessionDayText(day: string | undefined): string {
  if (!day) return 'N/A';
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return 'N/A';
  return new Date(year, month - 1, date).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

/** Theory lectures show their division, others the comma-joined batch names. */
function groupText(lecture: LectureStudent): string {
  if (lecture.type === 'theory') return lecture.batches[0]?.division.division_name ?? 'N/A';
  return lecture.batches.map((batch) => batch.batch_name).join(', ') || 'N/A';
}

/** Where today's session of a lecture stands: no session row yet reads as not started. */
export type SessionState = 'not_started' | 'live' | 'ended';

export function sessionStateOf(lecture: Pick<LectureStudent, 'session'>): SessionState {
  if (lecture.session?.active === 'ongoing') return 'live';
  if (lecture.session?.active === 'post') return 'ended';
  return 'not_started';
}

const STATE_BADGE: Record<SessionState, { text: string; tone: BadgeTone }> = {
  not_started: { text: ATTENDANCE_TEXT.notStarted, tone: 'neutral' },
  live: { text: ATTENDANCE_TEXT.liveNow, tone: 'warning' },
  ended: { text: ATTENDANCE_TEXT.ended, tone: 'neutral' },
};

/** What the card's buttons may do right now. */
export interface CardActions {
  marked: boolean;
  /** The manual request was accepted (code 100): both buttons stay disabled. */
  requested: boolean;
  busy: boolean;
}

/**
 * One lecture of the student's timetable (product spec §2): subject and code, type, the green
 * "Present" badge once marked, teacher, semester, division or batches, classroom, times and day,
 * and while not marked the two buttons "Mark Attendance" and "Manual Marking Request".
 */
export function StudentLectureCard({
  lecture,
  actions,
  onMark,
  onManual,
}: {
  lecture: LectureStudent;
  actions: CardActions;
  onMark: (lecture: LectureStudent) => void;
  onManual: (lecture: LectureStudent) => void;
}) {
  const subject = lecture.subject.subject_map;
  const state = sessionStateOf(lecture);
  // Marking and manual requests both need a live session: the server refuses any other (409).
  const live = state === 'live';
  const hintId = `${lecture.slug}-marking-hint`;
  return (
    <article
      aria-label={`${subject.subject_name} ${lecture.start_time} - ${lecture.end_time}`}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="text-base font-semibold text-slate-900">{subject.subject_name}</h3>
          <p className="text-xs text-slate-500">{subject.subject_code}</p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Badge tone={STATE_BADGE[state].tone} className="gap-1">
            {live ? <Radio className="size-3.5" aria-hidden /> : null}
            {STATE_BADGE[state].text}
          </Badge>
          <Badge tone="brand">{lectureTypeText(lecture.type)}</Badge>
          {actions.marked ? (
            <Badge tone="success" className="gap-1">
              <CheckCircle2 className="size-3.5" aria-hidden />
              {ATTENDANCE_TEXT.present}
            </Badge>
          ) : null}
        </div>
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
        <dt className="text-slate-500">Teacher</dt>
        <dd>{lecture.teacher ?? 'N/A'}</dd>
        <dt className="text-slate-500">Semester</dt>
        <dd>{lecture.subject.semester.no}</dd>
        <dt className="text-slate-500">{lecture.type === 'theory' ? 'Division' : 'Batches'}</dt>
        <dd>{groupText(lecture)}</dd>
        <dt className="text-slate-500">Classroom</dt>
        <dd>{lecture.classroom?.class_name ?? 'N/A'}</dd>
        <dt className="text-slate-500">Time</dt>
        <dd className="inline-flex items-center gap-1">
          <Clock className="size-3.5" aria-hidden />
          {lecture.start_time} - {lecture.end_time}
        </dd>
        <dt className="text-slate-500">Day</dt>
        <dd>{sessionDayText(lecture.session?.day)}</dd>
      </dl>
      {actions.marked ? null : (
        <div className="flex flex-col gap-2">
          {live ? null : (
            <p id={hintId} className="text-sm text-slate-600">
              {state === 'ended' ? ATTENDANCE_TEXT.markEnded : ATTENDANCE_TEXT.markOnlyLive}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {(
              [
                { key: 'mark', variant: undefined, Icon: Mic, text: ATTENDANCE_TEXT.markButton, act: onMark },
                {
                  key: 'manual',
                  variant: 'secondary',
                  Icon: Send,
                  text: ATTENDANCE_TEXT.manualButton,
                  act: onManual,
                },
              ] as const
            ).map(({ key, variant, Icon, text, act }) => (
              <Button
                key={key}
                variant={variant}
                className="grow basis-44 whitespace-nowrap"
                disabled={!live || actions.busy || actions.requested}
                aria-describedby={live ? undefined : hintId}
                onClick={() => act(lecture)}
              >
                <Icon className="size-4" aria-hidden />
                {text}
              </Button>
            ))}
          </div>
        </div>
      )}
    </article>
  );
}
