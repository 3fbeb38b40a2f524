import type { Subject } from '@rollbook/contract';

/**
 * The `subject_choices` list of a priority save (contract §11.1): the teacher's own picks in the
 * dragged order (priority = index + 1), then every similar subject of other branches, each once.
 */
export function choicePayload(ordered: readonly Subject[]): string[] {
  const own = ordered.map((subject) => subject.slug);
  const seen = new Set(own);
  const similar: string[] = [];
  for (const subject of ordered) {
    for (const twin of subject.similar_subjects ?? []) {
      if (seen.has(twin.slug)) continue;
      seen.add(twin.slug);
      similar.push(twin.slug);
    }
  }
  return [...own, ...similar];
}

/** Orders subjects by their numeric priority, unranked ones last (contract §11.1). */
export function byPriority(subjects: readonly Subject[]): Subject[] {
  return [...subjects].sort(
    (a, b) => (a.priority ?? Number.MAX_SAFE_INTEGER) - (b.priority ?? Number.MAX_SAFE_INTEGER),
  );
}
