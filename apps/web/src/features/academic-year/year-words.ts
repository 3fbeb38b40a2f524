import type { AcademicYearOpened, AcademicYearPreview, NewYearSemester } from '@rollbook/contract';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `2027-07-01` → `1 Jul 2027`. */
export function readableDay(iso: string): string {
  return DATE.format(new Date(`${iso}T00:00:00Z`));
}

/** A new semester's dates in words. */
export function semesterDates(s: NewYearSemester): string {
  if (s.dates_from === 'none' || (!s.start_date && !s.end_date)) return 'No dates yet';
  const span = `${s.start_date ? readableDay(s.start_date) : '?'} – ${s.end_date ? readableDay(s.end_date) : '?'}`;
  return s.dates_from === 'existing' ? `${span} (already set up)` : span;
}

/** What opening the year does, one sentence per effect. */
export function effectsOf(p: AcademicYearPreview): string[] {
  return [
    `${plural(p.totals.moving_up, 'student')} move up one semester.`,
    `${plural(p.totals.graduating, 'student')} in their final semester ${p.totals.graduating === 1 ? 'is' : 'are'} marked graduated (they keep their accounts).`,
    `${plural(p.closing_semesters, 'semester')} of ${p.current_year ?? 'the current year'} ${p.closing_semesters === 1 ? 'closes' : 'close'}: their divisions, sessions and attendance stay readable.`,
    `${plural(p.new_semesters.length, 'semester')} of ${p.next_year ?? 'the next year'} ${p.new_semesters.length === 1 ? 'is' : 'are'} created, with no subjects selected and no divisions yet.`,
  ];
}

/** The question asked before opening the year. */
export function openQuestion(p: AcademicYearPreview): string {
  return `This moves ${plural(p.totals.moving_up, 'student')} up one semester, marks ${plural(p.totals.graduating, 'student')} graduated and closes the ${plural(p.closing_semesters, 'semester')} of ${p.current_year ?? 'the current year'}. It cannot be undone.`;
}

/** What opening the year did. */
export function resultText(r: AcademicYearOpened): string {
  return `${r.opened_year} is open: ${plural(r.semesters_opened, 'semester')} opened, ${plural(r.semesters_closed, 'semester')} of ${r.closed_year} closed, ${plural(r.students_moved_up, 'student')} moved up, ${plural(r.students_graduated, 'student')} graduated.`;
}
