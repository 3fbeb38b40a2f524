import type { WeekDay } from '@rollbook/contract';
import { cx } from '../../lib/cx';
import type { StripDay } from './week-strip-days';

/**
 * The Monday-to-Sunday strip of the current week (short day, date, month). The selected day is
 * highlighted and announced as pressed; a click loads that day's lectures.
 */
export function WeekStrip({
  days,
  selected,
  today,
  onSelect,
}: {
  days: readonly StripDay[];
  selected: WeekDay | null;
  /** The institution's day; null until the server has said which it is. */
  today: WeekDay | null;
  onSelect: (day: WeekDay) => void;
}) {
  return (
    <nav aria-label="Days of this week" className="-mx-1 overflow-x-auto px-1">
      <ol className="grid min-w-[28rem] grid-cols-7 gap-1.5">
        {days.map((day) => {
          const active = day.weekday === selected;
          return (
            <li key={day.weekday}>
              <button
                type="button"
                aria-pressed={active}
                onClick={() => onSelect(day.weekday)}
                className={cx(
                  // relative: the screen-reader-only "(today)" is placed within its button, so the strip's
                  // scroller clips it; placed against the page, it widened the page on a phone whenever
                  // today is late in the week (Saturday, Sunday).
                  'relative flex w-full flex-col items-center rounded-xl border px-1 py-2 text-xs transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  active
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-slate-200 bg-white text-slate-700 hover:bg-slate-50',
                )}
              >
                <span className="font-medium">{day.shortDay}</span>{' '}
                <span className="text-lg leading-6 font-semibold">{day.dayOfMonth}</span>{' '}
                <span>{day.shortMonth}</span>
                {day.weekday === today ? <span className="sr-only"> (today)</span> : null}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
