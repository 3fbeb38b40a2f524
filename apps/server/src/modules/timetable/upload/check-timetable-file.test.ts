import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkTimetableFile } from './import-timetable';
import { placeLabel } from './drafts';
import { referenceFixture } from '../testing/reference-fixture';
import { gridCsv } from '../../../testing/timetable-fixture';
import { csvToXlsx } from '../samples';

const csv = (text: string, filename = 'master.csv') => ({ filename, data: Buffer.from(text) });

const GOOD_GRID = gridCsv(
  ['CST', 'HAJ', 'NMP'],
  [
    ['MONDAY', '09:00-10:00', 'BE-7-A-IS-LH101', 'BE-7-B-CD-LH102', ''],
    ['', '10:00-11:00', 'BE-7-B-IS-LH102', '', 'BE-7-A-PM-LH101'],
    ['', 'RECESS', 'RECESS', 'RECESS', 'RECESS'],
    ['', '12:45-01:45', 'BE-7-A_A1-IS-LAB201', 'BE-7-A_A2-CD-LAB202', ''],
    ['', '01:45-02:45', 'BE-7-A_A1-IS-LAB201', 'BE-7-A_A2-CD-LAB202', ''],
    ['', '', '', '', ''],
    ['TUESDAY', '09:00-10:00', 'BE-7-B_B1+B2-IS-LAB201', '', 'BE-7-A-PM-LH102'],
  ],
);

const GOOD_ROWS = [
  'day,start,end,subject,teacher,division,batches,classroom,type',
  'monday,09:00,10:00,3170701,CST,BE-7-A,,LH101,',
  'monday,09:00,10:00,CD,HAJ,BE-7-B,,LH102,theory',
  'wednesday,11:15,01:15,IS,cst,BE-7-A,A1 A2,LAB201,lab',
  'sunday,2:00 pm,3:00 pm,PM,NMP,BE-7-B,B1,LH101,practical',
].join('\n');

describe('reading good files', () => {
  it('reads the grid: theory per cell, consecutive identical cells as one lab, 12-hour afternoons', async () => {
    const { lectures, issues } = await checkTimetableFile(csv(GOOD_GRID), referenceFixture());
    expect(issues).toEqual([]);
    const summary = lectures.map((l) => [
      l.day,
      l.start,
      l.end,
      l.type,
      l.teacherCode,
      l.subjectLabel,
      l.divisionLabel,
      l.batchIds,
    ]);
    expect(summary).toEqual([
      ['monday', 540, 600, 'theory', 'CST', 'IS', 'BE 7 A', [31, 32]],
      ['monday', 540, 600, 'theory', 'HAJ', 'CD', 'BE 7 B', [33, 34]],
      ['monday', 600, 660, 'theory', 'CST', 'IS', 'BE 7 B', [33, 34]],
      ['monday', 600, 660, 'theory', 'NMP', 'PM', 'BE 7 A', [31, 32]],
      ['monday', 765, 885, 'lab', 'CST', 'IS', 'BE 7 A', [31]],
      ['monday', 765, 885, 'lab', 'HAJ', 'CD', 'BE 7 A', [32]],
      ['tuesday', 540, 600, 'practical', 'CST', 'IS', 'BE 7 B', [33, 34]],
      ['tuesday', 540, 600, 'theory', 'NMP', 'PM', 'BE 7 A', [31, 32]],
    ]);
    // The lab keeps both rows it was written on, and reports at the first.
    const lab = lectures.find((l) => l.type === 'lab' && l.teacherCode === 'CST')!;
    expect(lab.draft.rows).toEqual([9, 10]);
    expect(placeLabel(lab.draft.at)).toBe('row 9, column CST');
  });

  it('reads the one-lecture-per-row format, by subject code or short name, any case', async () => {
    const { lectures, issues } = await checkTimetableFile(csv(GOOD_ROWS), referenceFixture());
    expect(issues).toEqual([]);
    expect(
      lectures.map((l) => [l.day, l.start, l.end, l.type, l.teacherCode, l.subjectLabel, l.batchIds]),
    ).toEqual([
      ['monday', 540, 600, 'theory', 'CST', 'IS', [31, 32]],
      ['monday', 540, 600, 'theory', 'HAJ', 'CD', [33, 34]],
      ['wednesday', 675, 795, 'lab', 'CST', 'IS', [31, 32]],
      ['sunday', 840, 900, 'practical', 'NMP', 'PM', [33]],
    ]);
  });

  it('reads the same files from .xlsx workbooks', async () => {
    for (const text of [GOOD_GRID, GOOD_ROWS]) {
      const fromCsv = await checkTimetableFile(csv(text), referenceFixture());
      const fromXlsx = await checkTimetableFile(
        { filename: 'master.xlsx', data: await csvToXlsx(text) },
        referenceFixture(),
      );
      expect(fromXlsx.issues).toEqual([]);
      expect(fromXlsx.lectures.map((l) => [l.day, l.start, l.end, l.type, l.batchIds])).toEqual(
        fromCsv.lectures.map((l) => [l.day, l.start, l.end, l.type, l.batchIds]),
      );
    }
  });

  it('accepts semicolon-separated CSV as some spreadsheet locales export it', async () => {
    const { lectures, issues } = await checkTimetableFile(
      csv(GOOD_ROWS.replaceAll(',', ';')),
      referenceFixture(),
    );
    expect(issues).toEqual([]);
    expect(lectures).toHaveLength(4);
  });
});

/** The issues of a file as `place: message` lines. */
async function problems(text: string, existing = referenceFixture().existing) {
  const { issues } = await checkTimetableFile(csv(text), referenceFixture(existing));
  return issues.map((i) => `${placeLabel(i)}: ${i.message}`);
}

describe('reporting every problem with its row and column', () => {
  it('names unknown teachers, subjects, divisions, batches and classrooms', async () => {
    const text = gridCsv(
      ['CST', 'XYZ', 'HAJ'],
      [
        ['MONDAY', '09:00-10:00', 'BE-7-A-DBMS-LH101', 'BE-7-B-IS-LH102', 'BE-7-C-CD-LAB201'],
        ['', '10:00-11:00', 'BE-7-A_A9-IS-LAB201', 'BE-7-B-CD-LH101', 'BE-7-A-CD-LH999'],
        ['', '11:00-12:00', 'BE-5-A-IS-LH101', '', 'ME-1-ML-203'],
      ],
    );
    expect(await problems(text)).toEqual([
      'row 6, column CST: BE semester 7 has no subject "DBMS" (its subjects: IS, CD, PM, ML)',
      'row 6, column HAJ: BE semester 7 has no division "C" (divisions: A, B)',
      'row 6, column XYZ: No teacher has the code "XYZ" (used by 2 lectures)',
      'row 7, column CST: Division A of BE semester 7 has no batch "A9" (batches: A1, A2)',
      'row 7, column HAJ: No classroom is named "LH999"',
      'row 8, column CST: There is no BE semester 5 in your branches',
      'row 8, column HAJ: No classroom is named "203"',
      'row 8, column HAJ: There is no ME semester 1 in your branches',
    ]);
  });

  it('refuses a teacher who does not teach in the division’s branch, once per teacher', async () => {
    const text = gridCsv(
      ['CST', 'RKR', 'NMP'],
      [
        ['MONDAY', '09:00-10:00', 'BE-7-A-IS-LH101', 'BE-7-B-IS-LH102', 'BE-7-B-CD-LAB201'],
        ['', '10:00-11:00', '', 'BE-7-A-CD-LH102', ''],
      ],
    );
    // NMP teaches in two branches, this one among them: only RKR's lectures are refused.
    expect(await problems(text)).toEqual([
      'row 6, column RKR: Rakesh K. Rana (RKR) does not teach in Computer Engineering; an institution admin can add that branch to the teacher on the People page (used by 2 lectures)',
    ]);
  });

  it('names each unknown value of the row format at the column that holds it, not the subject column', async () => {
    // Columns in an unusual order and spelling, so a report at the wrong column cannot pass by chance.
    const rows = [
      'Faculty,Day,Start,End,Room,Div,Subject,Batch',
      'XYZ,monday,09:00,10:00,LH101,BE-7-A,IS,', // row 2: unknown teacher
      'RKR,monday,10:00,11:00,LH101,BE-7-A,IS,', // row 3: teacher of another branch
      'CST,monday,11:00,12:00,LH999,BE-7-A,IS,', // row 4: unknown classroom
      'CST,tuesday,09:00,10:00,LH101,BE-7-C,IS,', // row 5: unknown division
      'CST,tuesday,10:00,11:00,LH101,BE-5-A,IS,', // row 6: unknown semester (named by the division code)
      'CST,tuesday,11:00,12:00,LH101,BE-7-A,DBMS,', // row 7: unknown subject
      'CST,wednesday,09:00,10:00,LAB201,BE-7-A,IS,A9', // row 8: unknown batch
    ].join('\n');
    expect(await problems(rows)).toEqual([
      'row 2, column Faculty: No teacher has the code "XYZ"',
      'row 3, column Faculty: Rakesh K. Rana (RKR) does not teach in Computer Engineering; an institution admin can add that branch to the teacher on the People page',
      'row 4, column Room: No classroom is named "LH999"',
      'row 5, column Div: BE semester 7 has no division "C" (divisions: A, B)',
      'row 6, column Div: There is no BE semester 5 in your branches',
      'row 7, column Subject: BE semester 7 has no subject "DBMS" (its subjects: IS, CD, PM, ML)',
      'row 8, column Batch: Division A of BE semester 7 has no batch "A9" (batches: A1, A2)',
    ]);
  });

  it('reports double bookings of the row format at the teacher, classroom, batches or division column', async () => {
    const rows = [
      'day,start,end,subject,teacher,division,batches,classroom',
      'monday,09:00,11:00,IS,CST,BE-7-A,A1,LAB201', // row 2
      'monday,10:00,11:00,CD,CST,BE-7-B,B1,LAB202', // row 3: CST twice
      'monday,10:00,11:00,PM,HAJ,BE-7-B,B2,LAB201', // row 4: LAB201 twice
      'monday,09:00,10:00,CD,NMP,BE-7-A,A1,LAB202', // row 5: A1 twice
      'tuesday,09:00,10:00,IS,CST,BE-7-A,,LH101', // row 6
      'tuesday,09:00,10:00,CD,HAJ,BE-7-A,,LH102', // row 7: the whole of division A twice
    ].join('\n');
    expect(await problems(rows)).toEqual([
      'row 3, column teacher: Teacher CST is booked twice on MONDAY at 10:00-11:00: also IS for BE 7 A at row 2, column teacher (09:00-11:00)',
      'row 4, column classroom: Classroom LAB201 is booked twice on MONDAY at 10:00-11:00: also IS for BE 7 A at row 2, column classroom (09:00-11:00)',
      'row 5, column batches: Batch A1 is booked twice on MONDAY at 09:00-10:00: also IS for BE 7 A at row 2, column batches (09:00-11:00)',
      // Once, though the two lectures share both batches of A.
      'row 7, column division: Division BE 7 A is booked twice on TUESDAY at 09:00-10:00: also IS for BE 7 A at row 6, column division (09:00-10:00)',
    ]);
  });

  it('reports the same teacher booked twice on two days, each day', async () => {
    const rows = [
      'day,start,end,subject,teacher,division,batches,classroom',
      'monday,09:00,10:00,IS,CST,BE-7-A,,LH101', // row 2
      'monday,09:00,10:00,IS,CST,BE-7-B,,LH102', // row 3
      'tuesday,09:00,10:00,IS,CST,BE-7-A,,LH101', // row 4
      'tuesday,09:00,10:00,IS,CST,BE-7-B,,LH102', // row 5
    ].join('\n');
    expect(await problems(rows)).toEqual([
      'row 3, column teacher: Teacher CST is booked twice on MONDAY at 09:00-10:00: also IS for BE 7 A at row 2, column teacher (09:00-10:00)',
      'row 5, column teacher: Teacher CST is booked twice on TUESDAY at 09:00-10:00: also IS for BE 7 A at row 4, column teacher (09:00-10:00)',
    ]);
  });

  it('reports a batch problem at the division column when the file has no batches column', async () => {
    expect(
      await problems(
        'day,start,end,subject,teacher,division,classroom\nmonday,09:00,10:00,ML,CST,BE-7-A,LH101',
      ),
    ).toEqual(['row 2, column division: No batch of division A takes ML; name the batches']);
  });

  it('reports bad times, slots ending before they start, bad days and bad cells', async () => {
    const text = gridCsv(
      ['CST'],
      [
        ['MONDAY', '9-10', 'BE-7-A-IS-LH101'],
        ['', '11:00-10:00', 'BE-7-A-IS-LH101'],
        ['FUNDAY', '12:00-12:45', 'BE-7-A-IS-LH101'],
        ['TUESDAY', '09:00-10:00', 'IS for A in LH101'],
        ['', '', 'BE-7-A-IS-LH101'],
      ],
    );
    expect(await problems(text)).toEqual([
      'row 6, column TIME: "9-10" is not a time range like 09:00-10:00',
      'row 7, column TIME: The slot ends (10:00) before it starts (11:00)',
      'row 8, column DAY: "FUNDAY" is not a day of the week',
      'row 9, column CST: "IS for A in LH101" is not a lecture code like BE-5-A_A1-DBMS-LH101 or ME-1-ML-203',
      'row 10, column TIME: This row has lectures but no time',
    ]);
  });

  it('reports a teacher, a classroom and a batch booked twice at the same time', async () => {
    const rows = [
      'day,start,end,subject,teacher,division,batches,classroom',
      'monday,09:00,10:00,IS,CST,BE-7-A,,LH101', // row 2
      'monday,09:30,10:30,CD,CST,BE-7-B,,LH102', // row 3: CST twice
      'monday,09:00,10:00,PM,NMP,BE-7-B,,LH101', // row 4: LH101 twice
      'monday,09:00,11:00,CD,HAJ,BE-7-A,A1,LAB201', // row 5: A1 twice (the theory of row 2 has A1)
      'monday,10:30,11:30,PM,NMP,BE-7-B,,LH102', // row 6: back to back with row 3 is fine
    ].join('\n');
    expect(await problems(rows)).toEqual([
      // Each at the column holding the doubly booked name, and the other lecture at its own.
      'row 3, column teacher: Teacher CST is booked twice on MONDAY at 09:30-10:30: also IS for BE 7 A at row 2, column teacher (09:00-10:00)',
      'row 4, column classroom: Classroom LH101 is booked twice on MONDAY at 09:00-10:00: also IS for BE 7 A at row 2, column classroom (09:00-10:00)',
      // Rows 3 and 4 are both for the whole of B and overlap: once hidden by the batch clash of rows 2 and 5.
      'row 4, column division: Division BE 7 B is booked twice on MONDAY at 09:00-10:00: also CD for BE 7 B at row 3, column division (09:30-10:30)',
      'row 5, column batches: Batch A1 is booked twice on MONDAY at 09:00-11:00: also IS for BE 7 A at row 2, column division (09:00-10:00)',
    ]);
  });

  it('reports clashes with lectures of divisions the file does not replace', async () => {
    const existing = [
      {
        divisionId: 99,
        day: 'monday' as const,
        start: 540,
        end: 600,
        teacherId: 1,
        classroomId: 14,
        label: 'DBMS for BE 5 A (Information Technology)',
      },
    ];
    const rows = [
      'day,start,end,subject,teacher,division,batches,classroom',
      'monday,09:00,10:00,IS,CST,BE-7-A,,LH101',
    ].join('\n');
    expect(await problems(rows, existing)).toEqual([
      'row 2, column teacher: Teacher CST is booked twice on MONDAY at 09:00-10:00: also DBMS for BE 5 A (Information Technology), which this file does not replace (09:00-10:00)',
    ]);
    // The same division's old lectures are replaced, so they never clash.
    expect(await problems(rows, [{ ...existing[0]!, divisionId: 21 }])).toEqual([]);
  });

  it('reports missing columns, elective subjects no batch takes, and files without lectures or header', async () => {
    expect(await problems('day,start,end,subject\nmonday,09:00,10:00,IS')).toEqual([
      'row 1: The header is missing the columns teacher, division, classroom',
    ]);
    expect(
      await problems(
        'day,start,end,subject,teacher,division,batches,classroom\nmonday,09:00,10:00,ML,CST,BE-7-A,,LH101',
      ),
    ).toEqual(['row 2, column batches: No batch of division A takes ML; name the batches']);
    expect(await problems(gridCsv(['CST'], [['MONDAY', '09:00-10:00', '']]))).toEqual([
      'row 1: The file contains no lectures',
    ]);
    expect((await problems('just some text\nwith no header'))[0]).toMatch(/^row 1: No header row found/);
    expect(await problems('')).toEqual(['row 1: The file is empty']);
  });

  it('reports a row-format line with every bad cell', async () => {
    const rows =
      'day,start,end,subject,teacher,division,batches,classroom,type\nsomeday,9,10:00,,CST,7A,,LH101,seminar';
    expect(await problems(rows)).toEqual([
      'row 2, column day: "someday" is not a day of the week',
      'row 2, column division: "7A" is not a division code like BE-7-A',
      'row 2, column start: "9" is not a time like 09:00',
      'row 2, column subject: The subject is missing',
      'row 2, column type: "seminar" is not a lecture type (theory, lab or practical)',
    ]);
  });

  it('reports a CSV quote left open on the line where it opens, not row 1', async () => {
    const rows =
      'day,start,end,subject,teacher,division,batches,classroom,type\n' +
      'monday,09:00,10:00,351601,MJS,BE-5-A,,LH103,theory\n' +
      'monday,10:00,11:00,351603,SBP,BE-5-A,,LH103,theory\n' +
      'monday,11:00,12:00,"351604,RKR,BE-5-A,,LH103,theory\n' +
      'tuesday,09:00,10:00,351601,MJS,BE-5-A,,LH103,theory\n';
    expect(await problems(rows)).toEqual(['row 4: A quote (") opened in this row is never closed']);
  });

  it('refuses damaged workbooks and old .xls files with a sentence', async () => {
    const xlsx = await csvToXlsx(GOOD_GRID);
    const damaged = await checkTimetableFile(
      { filename: 'm.xlsx', data: xlsx.subarray(0, xlsx.length / 2) },
      referenceFixture(),
    );
    expect(damaged.issues.map((i) => i.message)).toEqual([
      'The Excel file could not be read; it may be damaged or incomplete',
    ]);
    const xls = await checkTimetableFile(
      { filename: 'old.xls', data: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2]) },
      referenceFixture(),
    );
    expect(xls.issues[0]!.message).toMatch(/\.xls workbooks are not supported/);
  });
});

describe('garbage in, a clear answer out (property)', () => {
  it('never throws and either reports problems or yields only valid lectures', async () => {
    const good = Buffer.from(GOOD_GRID);
    const goodXlsx = await csvToXlsx(GOOD_GRID);
    const files = fc.oneof(
      fc.uint8Array({ maxLength: 2000 }).map((b) => ({ filename: 'x.csv', data: Buffer.from(b) })),
      fc.string({ maxLength: 500 }).map((s) => ({ filename: 'x.csv', data: Buffer.from(s) })),
      fc
        .array(
          fc.array(
            fc.oneof(
              fc.constantFrom('DAY', 'TIME', 'CST', 'MONDAY', 'BE-7-A-IS-LH101', '09:00-10:00', 'RECESS', ''),
              fc.string({ maxLength: 12 }),
            ),
            { maxLength: 6 },
          ),
          { maxLength: 12 },
        )
        .map((rows) => ({
          filename: 'x.csv',
          data: Buffer.from(rows.map((r) => r.join(',')).join('\n')),
        })),
      fc.nat({ max: good.length }).map((n) => ({ filename: 'x.csv', data: good.subarray(0, n) })),
      fc
        .nat({ max: goodXlsx.length - 1 })
        .map((n) => ({ filename: 'x.xlsx', data: goodXlsx.subarray(0, n) })),
    );
    await fc.assert(
      fc.asyncProperty(files, async (file) => {
        const { lectures, issues } = await checkTimetableFile(file, referenceFixture());
        if (issues.length > 0) {
          for (const i of issues) expect(i.message.length).toBeGreaterThan(0);
        } else {
          expect(lectures.length).toBeGreaterThan(0);
          for (const l of lectures) {
            expect(l.end).toBeGreaterThan(l.start);
            expect(l.batchIds.length).toBeGreaterThan(0);
          }
        }
        if (file.filename.endsWith('.xlsx')) expect(issues.length).toBeGreaterThan(0); // a cut workbook never reads
      }),
      { numRuns: 150 },
    );
  });
});
