import { formatClockTime, rangesOverlap } from '../../../lib/clock-time';
import { placeLabel, valuePlace, type DraftValue, type FileIssue } from './drafts';
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

/**
 * More lectures than this for one teacher, classroom or batch on one day cannot all be real (one
 * every 15 minutes around the clock): such a group is reported once instead of pair by pair, whose
 * count grows with its square (20,000 copies of one row would be 200 million double bookings).
 */
export const MAX_LECTURES_A_DAY = 96;
/** Double bookings listed at most; past it the answer says there are more. */
export const MAX_CLASHES = 1000;

type Slot =
  { lecture: ResolvedLecture; existing?: undefined } | { lecture?: undefined; existing: ExistingLecture };

/**
 * Finds every double booking the new timetable would create: a teacher, a classroom or a batch in
 * two lectures that overlap on the same day. New lectures are checked against each other and
 * against the lectures of divisions the file does not replace. Each clash is reported once, at the
 * later of the two new lectures, naming the other. Bounded for any file: at most MAX_CLASHES are
 * listed (`complete` is false when there were more), and an impossible day (over
 * MAX_LECTURES_A_DAY lectures) is one problem.
 */
export function findClashes(
  lectures: ResolvedLecture[],
  existing: ExistingLecture[],
): { issues: FileIssue[]; complete: boolean } {
  const replaced = new Set(lectures.map((l) => l.divisionId));
  const kept = existing.filter((e) => !replaced.has(e.divisionId));
  const issues: FileIssue[] = [];
  const slots: Slot[] = [...lectures.map((lecture) => ({ lecture })), ...kept.map((e) => ({ existing: e }))];
  const day = (s: Slot) => (s.lecture ?? s.existing).day;

  // `value`: the column a double booking is reported at, the one holding the doubly booked name. A
  // batch is written in the batches column, or (a whole-division lecture) in the division column.
  const checks: {
    what: (s: Slot) => string;
    keys: (s: Slot) => string[];
    value: (l: ResolvedLecture) => DraftValue;
  }[] = [
    {
      what: (s) => `Teacher ${s.lecture?.teacherCode ?? ''}`,
      keys: (s) => [`${day(s)}|${(s.lecture ?? s.existing).teacherId}`],
      value: () => 'teacher',
    },
    {
      what: (s) => `Classroom ${s.lecture?.draft.classroomName ?? ''}`,
      keys: (s) => [`${day(s)}|${(s.lecture ?? s.existing).classroomId}`],
      value: () => 'classroom',
    },
    {
      what: () => 'A batch',
      keys: (s) => (s.lecture ? s.lecture.batchIds.map((b) => `${day(s)}|${b}`) : []),
      value: (l) => (l.draft.batchNames.length > 0 ? 'batches' : 'division'),
    },
  ];
  // A pair is named by the two slots' places in `slots`, not in a group: indexes within a group
  // repeat across days and batches, and keying on them hid real clashes (CST twice on Monday hid
  // CST twice on Tuesday). Two whole-division lectures share every batch, so one pair of them
  // appears in several batch groups and is still reported once.
  const slotIndex = new Map(slots.map((s, i) => [s, i]));
  const reported = new Set<string>();
  const crowded = new Set<string>();

  for (const check of checks) {
    for (const group of groupBy(slots, check.keys).values()) {
      if (group.length < 2) continue;
      if (issues.length >= MAX_CLASHES) return { issues, complete: false };
      if (group.length > MAX_LECTURES_A_DAY) {
        const first = group.find((s) => s.lecture)?.lecture;
        if (!first) continue;
        const what = check.what({ lecture: first });
        const who = what === 'A batch' ? `Division ${first.divisionLabel}` : what;
        const message = `${who} has ${group.length} lectures on ${first.day.toUpperCase()}, more than one day can hold: check the file for repeated rows`;
        // A crowded batch is reported as its division, so at the division column.
        const place = valuePlace(first.draft, what === 'A batch' ? 'division' : check.value(first));
        // Each batch of a division is its own group; the division is named once.
        if (!crowded.has(message)) issues.push({ ...place, message });
        crowded.add(message);
        continue;
      }
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
          const key = `${check.what(a)}|${slotIndex.get(a)}|${slotIndex.get(b)}`;
          if (reported.has(key)) continue;
          reported.add(key);
          const other = b.lecture
            ? `${b.lecture.subjectLabel} for ${b.lecture.divisionLabel} at ${placeLabel(valuePlace(b.lecture.draft, check.value(b.lecture)))}`
            : `${b.existing.label}, which this file does not replace`;
          let who = check.what(a);
          if (who === 'A batch') {
            const shared = a.lecture.draft.batchNames.join(', ');
            who = shared ? `Batch ${shared}` : `Division ${a.lecture.divisionLabel}`;
          }
          if (issues.length >= MAX_CLASHES) return { issues, complete: false };
          issues.push({
            ...valuePlace(a.lecture.draft, check.value(a.lecture)),
            message: `${who} is booked twice on ${a.lecture.day.toUpperCase()} at ${span(a.lecture)}: also ${other} (${span(b.lecture ?? b.existing)})`,
          });
        }
      }
    }
  }
  return { issues, complete: true };
}
