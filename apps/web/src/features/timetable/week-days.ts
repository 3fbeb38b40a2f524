import type { DivisionTimetable, MasterLecture, Stream } from '@rollbook/contract';

const WEEK_ORDER = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

/** One day column of the weekly grid. */
export interface GridDay {
  /** The day as the server sends it, shown raw (e.g. `MONDAY`). */
  day: string;
  lectures: MasterLecture[];
}

function weekIndex(day: string): number {
  const index = WEEK_ORDER.indexOf(day.toUpperCase());
  return index === -1 ? WEEK_ORDER.length : index;
}

/**
 * Orders a division's schedules Monday first (product spec §9, the week starts on Monday) and each
 * day's lectures by start time, so the grid reads the same whatever order the server used.
 */
export function weekGrid(timetable: DivisionTimetable): GridDay[] {
  return [...timetable.schedules]
    .sort((a, b) => weekIndex(a.day) - weekIndex(b.day))
    .map(({ day, lectures }) => ({
      day,
      lectures: [...lectures].sort((a, b) => a.start_time.localeCompare(b.start_time)),
    }));
}

/** The tile title of a lecture: "{subject_name} ({teacher_code})" (contract §10.7). */
export function lectureTitle(lecture: MasterLecture): string {
  const subject = lecture.subject.subject_name || lecture.subject.subject_map?.subject_name || '';
  return `${subject} (${lecture.teacher.teacher_code})`;
}

/** The tile time of a lecture: "start - end". */
export function lectureTime(lecture: MasterLecture): string {
  return `${lecture.start_time} - ${lecture.end_time}`;
}

/** A stream option: "{title} - {stream_code} {branch_name}". */
export function streamLabel(stream: Stream): string {
  return `${stream.title} - ${stream.stream_code} ${stream.branch.branch_name}`;
}
