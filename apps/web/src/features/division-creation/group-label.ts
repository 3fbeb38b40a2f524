import type { SubjectChoiceGroup } from '@rollbook/contract';

/** Shown for the group of a semester that offers no electives. */
export const NO_ELECTIVES_LABEL = 'No electives';

/** Shown for the students who never finalised their electives (planned without electives). */
export const NOT_CHOSEN_LABEL = 'Electives not chosen';

/**
 * A subject name as the groups list shows it (contract §10.2): upper case, abbreviated to the
 * initials of its words ("Machine Learning" → "ML"); a one-word name stays whole ("PYTHON").
 */
export function abbreviateSubject(name: string): string {
  const words = name.trim().toUpperCase().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return words[0] ?? '';
  // Words without a letter ("-", "2") carry no initial worth showing.
  return words.map((word) => /[\p{L}]/u.exec(word)?.[0] ?? '').join('');
}

/**
 * The label of a choice group: its subjects abbreviated and joined " , "; the server marks the
 * group of students who have not finalised their electives, which says so.
 */
export function groupLabel(group: Pick<SubjectChoiceGroup, 'subjects' | 'electives_not_chosen'>): string {
  if (group.electives_not_chosen) return NOT_CHOSEN_LABEL;
  if (group.subjects.length === 0) return NO_ELECTIVES_LABEL;
  return group.subjects.map((subject) => abbreviateSubject(subject.subject_name)).join(' , ');
}

/** The groups worth listing: those with students still to place (`availableCount` 0 is hidden). */
export function visibleGroups<T extends Pick<SubjectChoiceGroup, 'availableCount'>>(
  groups: readonly T[],
): T[] {
  return groups.filter((group) => group.availableCount > 0);
}
