import type { DivisionTimetable } from '@rollbook/contract';
import { LectureTile } from './lecture-tile';
import { TIMETABLE_TEXT } from './timetable-text';
import { weekGrid } from './week-days';

/**
 * A division's week, Monday first: one column per day (stacked on phones, side by side on wide
 * screens) with its lecture tiles, or "No Lectures" for an empty day.
 */
export function WeeklyGrid({ timetable, label }: { timetable: DivisionTimetable; label: string }) {
  const days = weekGrid(timetable);
  return (
    <ol aria-label={label} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-7">
      {days.map(({ day, lectures }) => (
        <li key={day} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3">
          <h3 className="text-sm font-semibold tracking-wide text-slate-700">{day}</h3>
          {lectures.length === 0 ? (
            <p className="text-sm text-slate-500">{TIMETABLE_TEXT.noLectures}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {lectures.map((lecture) => (
                <li key={lecture.slug}>
                  <LectureTile lecture={lecture} />
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
