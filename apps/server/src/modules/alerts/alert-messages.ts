import { NOTIFICATION_LINK_MARKER } from '@rollbook/contract';
import { readableDate } from '../../lib/week';

/** One subject's figure as people read it: "Compiler Design 62.5 % (10 of 16)". */
export interface SubjectFigure {
  subjectName: string;
  percentage: number | null;
  countedAttended: number;
  countedHeld: number;
}

/** One division of a teacher's subject: how many students, and who is below the threshold. */
export interface DivisionSummary {
  subjectName: string;
  divisionName: string;
  students: number;
  below: Array<{ name: string | null; enrollment: string } & SubjectFigure>;
}

/** One line of an admin's detention list. */
export interface DetentionLine extends SubjectFigure {
  semesterLabel: string;
  enrollment: string;
  studentName: string | null;
}

export interface MessageText {
  /** The bell's text; the link marker shows as "Click Here." to the role's page. */
  inApp: string;
  subject: string;
  email: string;
}

const percent = (p: number | null) => (p === null ? '—' : `${p} %`);
const figure = (f: SubjectFigure) =>
  `${f.subjectName} ${percent(f.percentage)} (${f.countedAttended} of ${f.countedHeld})`;
const greeting = (name: string | null) => `Hello${name ? ` ${name}` : ''},`;

/** The student's weekly alert: the subjects they are below the threshold in. */
export function studentBelowMessage(opts: {
  name: string | null;
  thresholdPercent: number;
  upTo: string;
  subjects: SubjectFigure[];
  institutionName: string;
  link: string;
}): MessageText {
  const list = opts.subjects.map(figure).join('; ');
  return {
    inApp: `Your attendance up to ${readableDate(opts.upTo)} is below ${opts.thresholdPercent} % in ${list}. Attend the coming lectures to reach ${opts.thresholdPercent} %; your record is here: ${NOTIFICATION_LINK_MARKER}`,
    subject: `Your attendance is below ${opts.thresholdPercent} % at ${opts.institutionName}`,
    email: [
      greeting(opts.name),
      '',
      `Up to ${readableDate(opts.upTo)}, your attendance is below the required ${opts.thresholdPercent} % in:`,
      ...opts.subjects.map((s) => `  - ${figure(s)}`),
      '',
      'Percentages count lectures held; excused absences count as your institution has set.',
      `Attend the coming lectures to reach ${opts.thresholdPercent} %. Your attendance record: ${opts.link}`,
    ].join('\n'),
  };
}

/** A teacher's weekly summary of their subjects, division by division. */
export function teacherSummaryMessage(opts: {
  name: string | null;
  thresholdPercent: number;
  upTo: string;
  divisions: DivisionSummary[];
  link: string;
}): MessageText {
  const line = (d: DivisionSummary) =>
    `${d.subjectName}, division ${d.divisionName}: ${d.below.length} of ${d.students} students below ${opts.thresholdPercent} %`;
  return {
    inApp: `Weekly attendance summary up to ${readableDate(opts.upTo)}: ${opts.divisions.map(line).join('; ')}. Details: ${NOTIFICATION_LINK_MARKER}`,
    subject: `Weekly attendance summary up to ${readableDate(opts.upTo)}`,
    email: [
      greeting(opts.name),
      '',
      `Attendance in your subjects up to ${readableDate(opts.upTo)}:`,
      ...opts.divisions.flatMap((d) => [
        '',
        line(d),
        ...d.below.map(
          (s) =>
            `  - ${s.enrollment} ${s.name ?? ''}: ${percent(s.percentage)} (${s.countedAttended} of ${s.countedHeld})`,
        ),
      ]),
      '',
      `Reports and exports: ${opts.link}`,
    ].join('\n'),
  };
}

/** An admin's detention list of their branches, ahead of the institution's notice date. */
export function detentionListMessage(opts: {
  name: string | null;
  thresholdPercent: number;
  upTo: string;
  noticeDate: string;
  lines: DetentionLine[];
}): MessageText {
  const studentsBelow = new Set(opts.lines.map((l) => l.enrollment)).size;
  const semesters = [...new Set(opts.lines.map((l) => l.semesterLabel))];
  const heading = `Detention list for ${readableDate(opts.noticeDate)}: ${studentsBelow} student${studentsBelow === 1 ? '' : 's'} below ${opts.thresholdPercent} % in ${opts.lines.length} subject mark${opts.lines.length === 1 ? '' : 's'} of your branches (attendance up to ${readableDate(opts.upTo)}).`;
  return {
    inApp:
      studentsBelow === 0
        ? `${heading} Nobody is below the threshold.`
        : `${heading} The full list is in your email.`,
    subject: `Detention list for ${readableDate(opts.noticeDate)}: ${studentsBelow} below ${opts.thresholdPercent} %`,
    email: [
      greeting(opts.name),
      '',
      heading,
      ...semesters.flatMap((label) => [
        '',
        label,
        ...opts.lines
          .filter((l) => l.semesterLabel === label)
          .map((l) => `  - ${l.enrollment} ${l.studentName ?? ''}: ${figure(l)}`),
      ]),
    ].join('\n'),
  };
}
