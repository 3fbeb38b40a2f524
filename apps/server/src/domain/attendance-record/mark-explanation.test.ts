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
});
