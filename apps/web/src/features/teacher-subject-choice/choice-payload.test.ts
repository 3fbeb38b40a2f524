import { describe, expect, it } from 'vitest';
import type { Subject } from '@rollbook/contract';
import { byPriority, choicePayload } from './choice-payload';

function subject(slug: string, extra: Partial<Subject> = {}): Subject {
  return { slug, ...extra } as Subject;
}

describe('choicePayload', () => {
  it('lists own picks in order, then each similar subject once', () => {
    const picks = [
      subject('b', { similar_subjects: [{ slug: 'b-it', branch_name: 'IT' }] }),
      subject('a', {
        similar_subjects: [
          { slug: 'b-it', branch_name: 'IT' },
          { slug: 'a-me', branch_name: 'ME' },
        ],
      }),
    ];
    expect(choicePayload(picks)).toEqual(['b', 'a', 'b-it', 'a-me']);
  });

  it('does not repeat a similar subject that is also an own pick', () => {
    expect(
      choicePayload([subject('a', { similar_subjects: [{ slug: 'c', branch_name: 'IT' }] }), subject('c')]),
    ).toEqual(['a', 'c']);
  });
});

describe('byPriority', () => {
  it('sorts by priority with unranked subjects last', () => {
    const sorted = byPriority([subject('x'), subject('y', { priority: 2 }), subject('z', { priority: 1 })]);
    expect(sorted.map((s) => s.slug)).toEqual(['z', 'y', 'x']);
  });
});
