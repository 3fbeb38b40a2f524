import { formatClockTime, rangesOverlap } from '../../../lib/clock-time';
import { placeLabel, type FileIssue } from './drafts';
import type { ExistingLecture } from './reference-data';
import type { ResolvedLecture } from './resolve-lectures';

const span = (l: { start: number; end: number }) => `${formatClockTime(l.start)}-${formatClockTime(l.end)}`;

/** Groups items by a key, skipping items without one. */
function groupBy<T>(items: T[], keys: (item: T) => string[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    for (const key of keys(item)) {
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
  }
  return groups;
}

type Slot =
  { lecture: ResolvedLecture; existing?: undefined } | { lecture?: undefined; existing: ExistingLecture };

/**
 * Finds every double booking the new timetable would create: a teacher, a classroom or a batch in
 * two lectures that overlap on the same day. New lectures are checked against each other and
 * against the lectures of divisions the file does not replace. Each clash is reported once, at the
 * later of the two new lectures, naming the other.
 */
export function findClashes(lectures: ResolvedLecture[], existing: ExistingLecture[]): FileIssue[] {
  const replaced = new Set(lectures.map((l) => l.divisionId));
  const kept = existing.filter((e) => !replaced.has(e.divisionId));
  const issues: FileIssue[] = [];
  const slots: Slot[] = [...lectures.map((lecture) => ({ lecture })), ...kept.map((e) => ({ existing: e }))];
  const day = (s: Slot) => (s.lecture ?? s.existing).day;

  const checks: { what: (s: Slot) => string; keys: (s: Slot) => string[] }[] = [
    {
      what: (s) => `Teacher ${s.lecture?.teacherCode ?? ''}`,
      keys: (s) => [`${day(s)}|${(s.lecture ?? s.existing).teacherId}`],
    },
    {
      what: (s) => `Classroom ${s.lecture?.draft.classroomName ?? ''}`,
      keys: (s) => [`${day(s)}|${(s.lecture ?? s.existing).classroomId}`],
    },
    {
      what: () => 'A batch',
      keys: (s) => (s.lecture ? s.lecture.batchIds.map((b) => `${day(s)}|${b}`) : []),
    },
  ];
  const reported = new Set<string>();

  for (const check of checks) {
    for (const group of groupBy(slots, check.keys).values()) {
      if (group.length < 2) continue;
      for (let i = 0; i < group.length; i++) {
        const a = group[i]!;
        if (!a.lecture) continue;
        for (let j = 0; j < group.length; j++) {
          const b = group[j]!;
          if (i === j || !rangesOverlap(a.lecture, b.lecture ?? b.existing)) continue;
          // Two new lectures: report at the later one only.
          if (
            b.lecture &&
            (b.lecture.draft.at.row > a.lecture.draft.at.row ||
              (b.lecture.draft.at.row === a.lecture.draft.at.row && j > i))
          )
            continue;
          const key = `${check.what(a)}|${i}|${j}`;
          if (reported.has(key)) continue;
          reported.add(key);
          const other = b.lecture
            ? `${b.lecture.subjectLabel} for ${b.lecture.divisionLabel} at ${placeLabel(b.lecture.draft.at)}`
            : `${b.existing.label}, which this file does not replace`;
          let who = check.what(a);
          if (who === 'A batch') {
            const shared = a.lecture.draft.batchNames.join(', ');
            who = shared ? `Batch ${shared}` : `Division ${a.lecture.divisionLabel}`;
          }
          issues.push({
            ...a.lecture.draft.at,
            message: `${who} is booked twice on ${a.lecture.day.toUpperCase()} at ${span(a.lecture)}: also ${other} (${span(b.lecture ?? b.existing)})`,
          });
        }
      }
    }
  }
  return issues;
}
