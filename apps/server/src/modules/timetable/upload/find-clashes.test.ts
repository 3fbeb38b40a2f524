import { describe, expect, it } from 'vitest';
import { checkTimetableFile, timetableIssuesError } from './import-timetable';
import { MAX_CLASHES } from './find-clashes';
import { referenceFixture } from '../testing/reference-fixture';

const HEADER = 'day,start,end,subject,teacher,division,batches,classroom,type';
const csv = (lines: string[]) => ({
  filename: 'master.csv',
  data: Buffer.from([HEADER, ...lines].join('\n')),
});

describe('double bookings in a file with very many lectures', () => {
  it('reports an impossible day once, not every pair of its lectures', async () => {
    // 300 copies of one row would be 3 × 44,850 pairs, growing with the square of the copies.
    const copies = Array.from({ length: 300 }, () => 'monday,09:00,10:00,IS,CST,BE-7-A,,LH101,theory');
    const { issues, complete } = await checkTimetableFile(csv(copies), referenceFixture());
    expect(complete).toBe(true);
    expect(issues.map((i) => `${i.row} ${i.column}: ${i.message}`)).toEqual([
      // Each at the column of what is crowded (problems of one row sorted by column).
      '2 classroom: Classroom LH101 has 300 lectures on MONDAY, more than one day can hold: check the file for repeated rows',
      '2 division: Division BE 7 A has 300 lectures on MONDAY, more than one day can hold: check the file for repeated rows',
      '2 teacher: Teacher CST has 300 lectures on MONDAY, more than one day can hold: check the file for repeated rows',
    ]);
  });

  it(`lists at most ${MAX_CLASHES} double bookings and says there are more`, async () => {
    // 80 overlapping lectures a day (a possible count) on three days: 3 × 3 × 3,160 pairs.
    const lines = ['monday', 'tuesday', 'wednesday'].flatMap((day) =>
      Array.from({ length: 80 }, () => `${day},09:00,10:00,IS,CST,BE-7-A,,LH101,theory`),
    );
    const { issues, complete } = await checkTimetableFile(csv(lines), referenceFixture());
    expect(complete).toBe(false);
    expect(issues).toHaveLength(MAX_CLASHES);
    expect(timetableIssuesError(issues, complete).message).toMatch(
      /^The timetable has more than 1000 problems, so nothing was saved\. First: row 3, column teacher: Teacher CST is booked twice on MONDAY/,
    );
  });
});
