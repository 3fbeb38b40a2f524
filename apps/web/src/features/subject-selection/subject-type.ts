import type { Subject } from '@rollbook/contract';

/** The card's "Type": Theory, else Practical, else Semi-Practical (contract §9.0). */
export function subjectType(subject: Pick<Subject, 'is_theory' | 'is_practical'>): string {
  if (subject.is_theory) return 'Theory';
  if (subject.is_practical) return 'Practical';
  return 'Semi-Practical';
}
