import { WEEK_DAYS, type WeekDay } from '@rollbook/contract';

/** One day of the Monday-to-Sunday strip. */
export interface StripDay {
  weekday: WeekDay;
  date: Date;
  /** "Mon", "Tue", ... */
  shortDay: string;
  /** Day of the month. */
  dayOfMonth: number;
  /** "Jan", "Feb", ... */
  shortMonth: string;
}

const SHORT_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Monday-first index (0 = Monday ... 6 = Sunday) of a local date. */
export function mondayIndex(date: Date): number {
  return (date.getDay() + 6) % 7;
}

/** The weekday name the server uses for a local date. */
export function weekdayOf(date: Date): WeekDay {
  return WEEK_DAYS[mondayIndex(date)]!;
}

/**
 * The seven days of the current week, Monday first (product spec §9: the week starts on Monday),
 * in the device's local time zone.
 */
export function currentWeek(today: Date): StripDay[] {
  const monday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - mondayIndex(today));
  return WEEK_DAYS.map((weekday, index) => {
    const date = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + index);
    return {
      weekday,
      date,
      shortDay: SHORT_DAYS[index]!,
      dayOfMonth: date.getDate(),
      shortMonth: SHORT_MONTHS[date.getMonth()]!,
    };
  });
}

/**
 * The institution's date, from the device's date and the weekday the server resolved "current"
 * to (its own clock, in the institution's zone). Zones differ by less than a day, so the two
 * weekdays are at most one apart (Sunday to Monday wraps): the date moves by that step.
 */
export function institutionDate(deviceNow: Date, institutionDay: WeekDay): Date {
  const step = (((WEEK_DAYS.indexOf(institutionDay) - mondayIndex(deviceNow)) % 7) + 7) % 7;
  // 1 is a day ahead, 6 a day behind; anything else means the same day (or a misreport: keep it).
  const delta = step === 1 ? 1 : step === 6 ? -1 : 0;
  return new Date(deviceNow.getFullYear(), deviceNow.getMonth(), deviceNow.getDate() + delta);
}
