import { describe, expect, it } from 'vitest';
import {
  abbreviateSubject,
  groupLabel,
  NO_ELECTIVES_LABEL,
  NOT_CHOSEN_LABEL,
  visibleGroups,
} from './group-label';
import { formatHours, hourTotals, subjectTotal } from './hour-totals';

describe('group labels', () => {
  it('abbreviates names to upper-case initials and keeps one-word names whole', () => {
    expect(abbreviateSubject('Machine Learning')).toBe('ML');
    expect(abbreviateSubject('internet of things')).toBe('IOT');
    expect(abbreviateSubject('Python')).toBe('PYTHON');
    expect(abbreviateSubject('Data Mining - 2')).toBe('DM');
  });
  it('joins a group\'s subjects with " , " and names the group without electives', () => {
    expect(
      groupLabel({ subjects: [{ subject_name: 'Machine Learning' }, { subject_name: 'Blockchain' }] }),
    ).toBe('ML , BLOCKCHAIN');
    expect(groupLabel({ subjects: [] })).toBe(NO_ELECTIVES_LABEL);
  });
  it('names the group of students who have not finalised their electives', () => {
    expect(groupLabel({ subjects: [], electives_not_chosen: true })).toBe(NOT_CHOSEN_LABEL);
    expect(NOT_CHOSEN_LABEL).toBe('Electives not chosen');
  });
  it('hides groups with nobody left to place', () => {
    expect(visibleGroups([{ availableCount: 0 }, { availableCount: 3 }])).toEqual([{ availableCount: 3 }]);
  });
});

describe('hour totals', () => {
  const rows = [
    {
      subject_name: 'Machine Learning',
      total_divisions: 2,
      initial_theory_hours: 3,
      initial_tutorial: 1,
      initial_practical_hours: 2,
      final_theory_hours: 6,
      final_tutorial_hours: 2,
      final_practical_hours: 8,
    },
    {
      subject_name: 'Blockchain',
      total_divisions: 1,
      initial_theory_hours: 3,
      initial_tutorial: 0,
      initial_practical_hours: 2,
      final_theory_hours: 3,
      final_tutorial_hours: 0,
      final_practical_hours: 4,
    },
  ];
  it('totals a subject as final theory + tutorial + practical', () => {
    expect(subjectTotal(rows[0]!)).toBe(16);
  });
  it('sums every column in the totals row', () => {
    expect(hourTotals(rows)).toEqual({
      total_divisions: 3,
      initial_theory_hours: 6,
      initial_tutorial: 1,
      initial_practical_hours: 4,
      final_theory_hours: 9,
      final_tutorial_hours: 2,
      final_practical_hours: 12,
      total: 23,
    });
  });
  it('formats whole and fractional hours', () => {
    expect(formatHours(4)).toBe('4');
    expect(formatHours(1.5)).toBe('1.5');
    expect(formatHours(1 / 3)).toBe('0.33');
  });
});
