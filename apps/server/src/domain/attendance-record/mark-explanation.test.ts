import { describe, expect, it } from 'vitest';
import { explainMark } from './mark-explanation';
import type { StudentMark } from './student-marks';

const corrected = (correctedByRole: StudentMark['correctedByRole']): StudentMark => ({
  day: '2026-11-02',
  subjectId: 1,
  subjectName: 'Information Security',
  lectureType: 'theory',
  hasRow: true,
  isPresent: true,
  excuse: null,
  manual: true,
  markingTime: null,
  reasons: [],
  regulizationStatus: null,
  changedByTeacherAt: null,
  correctedAt: new Date('2026-11-03T06:00:00Z'),
  correctedByRole,
});

describe("a corrected mark's explanation", () => {
  it('names who corrected it: the teacher, an administrator, or nobody known', () => {
    const last = (role: StudentMark['correctedByRole']) =>
      explainMark(corrected(role), 'Asia/Kolkata').at(-1);
    expect(last('teacher')).toBe('Your teacher corrected this mark on 3 Nov 2026.');
    expect(last('admin')).toBe('An administrator corrected this mark on 3 Nov 2026.');
    expect(last(null)).toBe('Someone corrected this mark on 3 Nov 2026.');
  });

  it("says the decision a correction made as its maker, and a teacher's earlier decision as the teacher", () => {
    const at = new Date('2026-11-03T06:00:00Z');
    const absentByAdmin = { ...corrected('admin'), isPresent: false, manual: false, changedByTeacherAt: at };
    expect(explainMark(absentByAdmin, 'Asia/Kolkata')).toEqual([
      'An administrator marked you absent.',
      'An administrator corrected this mark on 3 Nov 2026.',
    ]);
    const presentByAdmin = { ...corrected('admin'), changedByTeacherAt: at };
    expect(explainMark(presentByAdmin, 'Asia/Kolkata')[0]).toBe('An administrator marked you present.');
    // The teacher unticked the student live; an administrator excused the absence two days later.
    const excusedLater = {
      ...corrected('admin'),
      isPresent: false,
      manual: false,
      changedByTeacherAt: new Date('2026-11-01T04:00:00Z'),
    };
    expect(explainMark(excusedLater, 'Asia/Kolkata')[0]).toBe('Your teacher marked you absent.');
  });
});
