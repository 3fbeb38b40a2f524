import { describe, expect, it } from 'vitest';
import { choiceGroups } from './choice-groups';

describe('choiceGroups', () => {
  const students = [
    { slug: 'c', enrollment: '003', electives: ['ml', 'is'] },
    { slug: 'a', enrollment: '001', electives: ['is', 'ml'] },
    { slug: 'b', enrollment: '002', electives: ['cc'] },
    { slug: 'd', enrollment: '004', electives: [] },
  ];

  it('groups identical elective sets regardless of order, largest group first', () => {
    const groups = choiceGroups(students);
    expect(groups.map((g) => g.key)).toEqual(['is+ml', 'cc', '']);
    expect(groups[0]?.students).toEqual(['a', 'c']);
    expect(groups[0]?.size).toBe(2);
  });

  it('does not depend on input order', () => {
    expect(choiceGroups([...students].reverse())).toEqual(choiceGroups(students));
  });
});
