import { describe, expect, it } from 'vitest';
import { reportFileName } from './report-file-name';

describe('reportFileName', () => {
  it('names what an export holds, in safe ASCII', () => {
    expect(reportFileName({ kind: 'table' }, 'csv')).toBe('attendance.csv');
    expect(reportFileName({ kind: 'detention', below: 75, from: '2026-10-01' }, 'xlsx')).toBe(
      'detention_list_below-75_from_2026-10-01.xlsx',
    );
    expect(
      reportFileName({ kind: 'table', subject: 'DBMS/II', division: 'sem3-Ä "x"', to: '2026-11-30' }, 'csv'),
    ).toBe('attendance_DBMS-II_sem3-A-x_to_2026-11-30.csv');
    // An accent inside a word goes, the letter stays whole.
    expect(reportFileName({ kind: 'table', batch: 'Élan-Café' }, 'csv')).toBe(
      'attendance_batch-Elan-Cafe.csv',
    );
  });
});
