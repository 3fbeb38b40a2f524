import type { TimetableDisagreement } from '@rollbook/contract';
import { CalendarX2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { errorText } from '../../lib/api/api-error';
import { useTimetableDisagreementsQuery } from './allocation-api';
import { ALLOCATION_TEXT, disagreementsSentence } from './allocation-text';

const day = (d: string) => d.charAt(0).toUpperCase() + d.slice(1);
const named = (t: TimetableDisagreement['timetable_teacher']) => `${t.name} (${t.teacher_code})`;

/** One lecture as a sentence, so it wraps on a phone instead of scrolling sideways as a table would. */
export function disagreementText(l: TimetableDisagreement): string {
  const who = l.batches.length > 0 ? `batches ${l.batches.join(', ')}` : 'whole division';
  return (
    `${l.semester}, division ${l.division}: ${l.subject.subject_name} (${l.type}, ${who}), ` +
    `${day(l.day)} ${l.start_time}–${l.end_time}. Timetable: ${named(l.timetable_teacher)}; ` +
    `allocated: ${l.allocated_teachers.map(named).join(', ')}.`
  );
}

/**
 * Where the master timetable and the confirmed allocation disagree: every lecture whose teacher
 * the allocation did not give that subject in that division, or a sentence saying they agree.
 * Shown once something is confirmed, since only a confirmed allocation is a decision the
 * timetable can break; refetched after each confirm or reset.
 */
export function TimetableDisagreementsPanel() {
  const result = useTimetableDisagreementsQuery(undefined, { refetchOnMountOrArgChange: true });
  const lectures = result.data?.lectures ?? [];
  return (
    <section
      aria-labelledby="timetable-disagreements-title"
      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700"
    >
      <h2 id="timetable-disagreements-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <CalendarX2 className="size-5 shrink-0 text-brand-600" aria-hidden />
        {ALLOCATION_TEXT.disagreementsTitle}
      </h2>
      {result.isLoading ? <p role="status">{ALLOCATION_TEXT.disagreementsChecking}</p> : null}
      {result.isError && !result.isFetching ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-red-800">
          {errorText(result.error, ALLOCATION_TEXT.disagreementsFailed)}
          <Button size="sm" variant="secondary" onClick={() => void result.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {result.data ? (
        <>
          <p className={lectures.length > 0 ? 'text-amber-900' : undefined}>
            {disagreementsSentence(lectures.length)}
          </p>
          {lectures.length > 0 ? (
            <ul
              aria-label={ALLOCATION_TEXT.disagreementsTitle}
              className="flex list-disc flex-col gap-1 pl-5"
            >
              {lectures.map((l) => (
                <li
                  key={`${l.semester}|${l.division}|${l.day}|${l.start_time}|${l.subject.slug}|${l.batches.join(',')}|${l.timetable_teacher.slug}`}
                  className="break-words"
                >
                  {disagreementText(l)}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
