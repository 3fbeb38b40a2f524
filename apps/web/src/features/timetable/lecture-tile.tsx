import * as Popover from '@radix-ui/react-popover';
import type { MasterLecture } from '@rollbook/contract';
import { lectureTime, lectureTitle } from './week-days';
import { TIMETABLE_TEXT } from './timetable-text';

/**
 * One lecture of the master timetable: "{subject} ({teacher code})" over "start - end". It is a
 * button opening a popover with the Location (classroom) and a Description listing the batches,
 * or "No Batches Available".
 */
export function LectureTile({ lecture }: { lecture: MasterLecture }) {
  const title = lectureTitle(lecture);
  const time = lectureTime(lecture);
  return (
    <Popover.Root>
      <Popover.Trigger className="flex w-full flex-col items-start gap-0.5 rounded-lg border border-brand-100 bg-brand-50 px-3 py-2 text-left hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
        <span className="text-sm font-medium text-slate-900">{title}</span>
        <span className="text-xs text-slate-600">{time}</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={6}
          collisionPadding={12}
          aria-label={`${title}, ${time}`}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-lg focus:outline-none"
        >
          <dl className="flex flex-col gap-3">
            <div>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Location</dt>
              <dd className="text-slate-900">{lecture.classroom.class_name}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Description</dt>
              <dd className="text-slate-900">
                {lecture.batches.length > 0 ? (
                  <ul className="flex flex-wrap gap-1">
                    {lecture.batches.map((batch) => (
                      <li key={batch.batch_name} className="rounded bg-slate-100 px-2 py-0.5">
                        {batch.batch_name}
                      </li>
                    ))}
                  </ul>
                ) : (
                  TIMETABLE_TEXT.noBatches
                )}
              </dd>
            </div>
          </dl>
          <Popover.Arrow className="fill-white" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
