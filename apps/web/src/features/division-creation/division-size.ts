/**
 * More divisions than this for one semester is almost always a misread "Maximum Division Count"
 * (it is the most students a division may hold, not how many divisions to make): typing 2 for 20
 * students makes ten divisions of two. Real semesters have a handful of divisions, so the page
 * warns above this bound and still lets the admin go on (see divisions-0002-size-warnings.md).
 */
export const SENSIBLE_MAX_DIVISIONS = 8;

/** Roughly how many divisions a maximum size gives, or null while the size is not a whole number ≥ 1. */
export function estimatedDivisions(totalStudents: number, maxStudentsText: string): number | null {
  const max = Number(maxStudentsText.trim());
  if (maxStudentsText.trim() === '' || !Number.isInteger(max) || max < 1) return null;
  return Math.max(1, Math.ceil(totalStudents / max));
}

/** The warning for a division count above the sensible bound, or null when it is within it. */
export function tooManyDivisionsText(divisions: number): string | null {
  if (divisions <= SENSIBLE_MAX_DIVISIONS) return null;
  return `That makes ${divisions} divisions, more than the usual ${SENSIBLE_MAX_DIVISIONS} at most. "Maximum Division Count" is the number of students in one division: check it before you confirm.`;
}
