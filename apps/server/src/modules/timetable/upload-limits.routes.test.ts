import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { auditLog, lectures } from '../../db/schema';
import { useTestApp } from '../../testing/test-app';
import { tokenFor } from '../../testing/tokens';
import { xlsxBomb } from '../../lib/spreadsheet-worker/testing/xlsx-bomb';
import { spreadsheetReadEnd, spreadsheetReadStart } from '../../lib/spreadsheet-worker/spreadsheet-reader';
import { buildTimetableWorld, gridCsv, multipartFile } from '../../testing/timetable-fixture';

const t = useTestApp();

let adminToken: string;

async function upload(data: Buffer, filename: string) {
  const body = multipartFile('master_tt.csv', filename, data);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/manage/upload_master_timetable/',
    headers: { authorization: `Bearer ${adminToken}`, ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json<{ message: string }>() };
}

/** Lectures and upload audit rows: a refused file must leave both as they were. */
async function written() {
  const [l] = await t.db.select({ n: count() }).from(lectures);
  const [a] = await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'timetable.upload'));
  return { lectures: l!.n, uploads: a!.n };
}

/** A file in the one-lecture-per-row format with `rows` lectures after its header. */
function rowsCsv(rows: number): Buffer {
  const lines = ['day,start,end,subject,teacher,division,batches,classroom,type'];
  for (let i = 0; i < rows; i++) lines.push(`monday,09:00,10:00,IS,T${i},BE-7-A,,LH101,theory`);
  return Buffer.from(lines.join('\n'));
}

beforeEach(async () => {
  const w = await buildTimetableWorld(t.db);
  adminToken = await tokenFor(t.app, w.admin.profile);
  // One clean upload first, so "nothing written" is checked against a timetable that exists.
  const grid = gridCsv(['CST'], [['MONDAY', '09:00-10:00', 'BE-7-A-IS-LH101']]);
  expect((await upload(Buffer.from(grid), 'master.csv')).status).toBe(200);
});

describe('master timetable upload: files beyond the reading limits', () => {
  it('refuses an .xlsx zip bomb with 413 and a clear message, and writes nothing', async () => {
    const before = await written();
    // 40 MB of one letter in one cell, packed to about 40 KB.
    const bomb = await xlsxBomb(40 * 1024 * 1024);
    const res = await upload(bomb, 'master.xlsx');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      data: null,
      error: true,
      code: 'payload_too_large',
      message:
        'The file is too large once unpacked (over 32 MB), so nothing was saved. Remove other sheets, pictures and unused rows, or save the sheet as .csv, and upload it again',
    });
    expect(await written()).toEqual(before);
  });

  it('refuses a CSV over the row limit with 413, and writes nothing', async () => {
    const before = await written();
    const res = await upload(rowsCsv(10_000), 'master.csv'); // 10,001 rows with the header
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(
      'The file has more than 10,000 rows, so nothing was saved. Split it into smaller files and upload them one at a time',
    );
    expect(await written()).toEqual(before);
  });

  it('refuses a file over the upload size limit as it arrives, with 413', async () => {
    const before = await written();
    const res = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 'a'), 'master.csv');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(
      'The file is larger than 5 MB, the largest file an upload may carry, so nothing was saved',
    );
    expect(await written()).toEqual(before);
  });

  it('keeps answering other calls while a big file is being read', async () => {
    const events: string[] = [];
    let cheapCall: Promise<void> | undefined;
    // The moment the file is handed over for reading, a cheap call comes in: it must be answered
    // before the reading ends (a reader on the request thread would hold it until then).
    const onStart = () => {
      cheapCall ??= t.app
        .inject({ method: 'GET', url: '/api/check_server_avaibility' })
        .then((res) => void events.push(`cheap call answered ${res.statusCode}`));
    };
    const onEnd = () => void events.push('file read');
    subscribe(spreadsheetReadStart.name, onStart);
    subscribe(spreadsheetReadEnd.name, onEnd);
    try {
      // 9,000 lectures by teachers who do not exist: read in full, then refused with 400.
      const res = await upload(rowsCsv(9_000), 'master.csv');
      events.push(`upload answered ${res.status}`);
      await cheapCall;
    } finally {
      unsubscribe(spreadsheetReadStart.name, onStart);
      unsubscribe(spreadsheetReadEnd.name, onEnd);
    }
    expect(events).toEqual(['cheap call answered 200', 'file read', 'upload answered 400']);
  });
});
