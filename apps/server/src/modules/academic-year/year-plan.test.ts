import { describe, expect, it } from 'vitest';
import { academicYearLabel, academicYearStart } from '@rollbook/contract';
import { planNewYear, previewOf, shiftDate, type YearPlanInput, type YearSemester } from './year-plan';

const BE = { id: 1, slug: 'be', title: 'BE', streamCode: '07', branchName: 'Computer Engineering' };
const ME = { id: 2, slug: 'me', title: 'ME', streamCode: '07', branchName: 'Computer Engineering' };

let nextId = 100;
function sem(
  streamId: number,
  no: number,
  year: number | null,
  extra: Partial<YearSemester> = {},
): YearSemester {
  return {
    id: nextId++,
    streamId,
    no,
    isActive: true,
    year,
    startDate: year === null ? null : `${year}-07-01`,
    endDate: year === null ? null : `${year}-12-15`,
    ...extra,
  };
}

function input(semesters: YearSemester[], extra: Partial<YearPlanInput> = {}): YearPlanInput {
  return {
    activeTermStart: null,
    streams: [BE, ME],
    semesters,
    studentsBySemester: new Map(semesters.map((s) => [s.id, 10])),
    liveSessions: 0,
    ...extra,
  };
}

describe('academic year labels', () => {
  it('reads and writes YYYY-YY, refusing halves that do not follow each other', () => {
    expect(academicYearLabel(2026)).toBe('2026-27');
    expect(academicYearLabel(2099)).toBe('2099-00');
    expect(academicYearStart('2027-28')).toBe(2027);
    expect(academicYearStart('2099-00')).toBe(2099);
    expect(academicYearStart('2027-29')).toBeNull();
    expect(academicYearStart('2027')).toBeNull();
    expect(academicYearStart('2027-2028')).toBeNull();
  });
});

describe('shiftDate', () => {
  it('moves a date on by whole years, 29 February becoming 28 February in a common year', () => {
    expect(shiftDate('2026-07-01', 1)).toBe('2027-07-01');
    expect(shiftDate('2028-02-29', 1)).toBe('2029-02-28');
    expect(shiftDate('2027-02-28', 1)).toBe('2028-02-28');
    expect(shiftDate('2025-12-31', 2)).toBe('2027-12-31');
  });
});

describe('planNewYear', () => {
  it('reopens every semester number, adds the next number of each up to the final one, and moves or graduates students', () => {
    const be5 = sem(1, 5, 2026);
    const be7 = sem(1, 7, 2026);
    const be8Old = sem(1, 8, 2025, { isActive: false, startDate: '2026-01-05', endDate: '2026-05-30' });
    const me1 = sem(2, 1, 2026);
    const plan = planNewYear(input([be5, be7, be8Old, me1], { activeTermStart: 2026 }));
    expect(plan.currentStart).toBe(2026);
    expect(plan.nextStart).toBe(2027);
    expect(plan.closing.map((s) => s.id)).toEqual([be5.id, be7.id, me1.id]);
    expect(plan.opening.map((s) => [s.stream.slug, s.no, s.startDate, s.endDate, s.datesFrom])).toEqual([
      ['be', 5, '2027-07-01', '2027-12-15', 'shifted'],
      // No semester 6 ever existed: created without dates.
      ['be', 6, null, null, 'none'],
      ['be', 7, '2027-07-01', '2027-12-15', 'shifted'],
      // Semester 8 of 2025-26 gives its dates, moved on by two years.
      ['be', 8, '2028-01-05', '2028-05-30', 'shifted'],
      ['me', 1, '2027-07-01', '2027-12-15', 'shifted'],
    ]);
    expect(plan.moves).toEqual([
      { semesterId: be5.id, streamId: 1, toNo: 6, students: 10 },
      { semesterId: be7.id, streamId: 1, toNo: 8, students: 10 },
      // ME's highest semester is 1: its students graduate.
      { semesterId: me1.id, streamId: 2, toNo: null, students: 10 },
    ]);
    expect(plan.blockers).toEqual([]);

    const preview = previewOf(plan, [ME, BE]);
    expect(preview.current_year).toBe('2026-27');
    expect(preview.next_year).toBe('2027-28');
    expect(preview.closing_semesters).toBe(3);
    expect(preview.streams).toEqual([
      {
        stream_slug: 'be',
        stream_title: 'BE',
        stream_code: '07',
        branch_name: 'Computer Engineering',
        final_semester: 8,
        moving_up: [
          { from_no: 5, to_no: 6, students: 10 },
          { from_no: 7, to_no: 8, students: 10 },
        ],
        graduating: 0,
      },
      {
        stream_slug: 'me',
        stream_title: 'ME',
        stream_code: '07',
        branch_name: 'Computer Engineering',
        final_semester: 1,
        moving_up: [],
        graduating: 10,
      },
    ]);
    expect(preview.totals).toEqual({ moving_up: 20, graduating: 10 });
  });

  it('takes the earliest year of the active semesters without a term, and keeps next-year semesters prepared ahead', () => {
    const be5 = sem(1, 5, 2026);
    const be6Ahead = sem(1, 6, 2027, { startDate: '2028-01-10', endDate: '2028-05-20' });
    const plan = planNewYear(input([be5, be6Ahead]));
    expect(plan.currentStart).toBe(2026);
    expect(plan.closing.map((s) => s.id)).toEqual([be5.id]);
    expect(plan.opening.map((s) => [s.no, s.datesFrom, s.existingId, s.startDate])).toEqual([
      [5, 'shifted', null, '2027-07-01'],
      [6, 'existing', be6Ahead.id, '2028-01-10'],
    ]);
    expect(plan.moves).toEqual([{ semesterId: be5.id, streamId: 1, toNo: 6, students: 10 }]);
  });

  it('counts semesters without a year as the current year’s', () => {
    const be7 = sem(1, 7, 2026);
    const be5NoYear = sem(1, 5, null);
    const plan = planNewYear(input([be7, be5NoYear]));
    expect(plan.closing.map((s) => s.id).sort()).toEqual([be7.id, be5NoYear.id].sort());
    expect(plan.opening.map((s) => [s.no, s.datesFrom])).toEqual([
      [5, 'none'],
      [6, 'none'],
      [7, 'shifted'],
    ]);
  });

  it('names every blocker: no current year, nothing to close, live sessions', () => {
    expect(planNewYear(input([sem(1, 5, null)])).blockers).toEqual([
      'No academic year is current: give the semesters their academic year (the Semesters sheet of the institution workbook) first',
    ]);
    const closedOnly = planNewYear(input([sem(1, 5, 2026, { isActive: false })], { activeTermStart: 2026 }));
    expect(closedOnly.blockers).toEqual(['There are no active semesters of 2026-27 to close']);
    const live = planNewYear(input([sem(1, 5, 2026)], { liveSessions: 2 }));
    expect(live.blockers).toEqual([
      '2 lecture sessions are live right now: open the new year once they have ended',
    ]);
  });
});
