import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import { useTestApp } from '../../testing/test-app';
import { as, buildSubjectsWorld } from '../../testing/choices-fixture';

const t = useTestApp();

// update_email refuses addresses a spreadsheet would run as a formula; addresses stored before
// that rule (or written straight into the database) must still leave every export as plain text.
describe('an email that looks like a formula', () => {
  it('is written to the teacher spreadsheet as a text cell, never as a formula', async () => {
    const w = await buildSubjectsWorld(t.db);
    const risky = ['=1+1@example.test', '-2+3@example.test'];
    const teachers = [w.teacherA, w.teacherB];
    for (const [i, email] of risky.entries()) {
      await t.db.update(profiles).set({ email }).where(eq(profiles.id, teachers[i]!.profile.id));
    }
    const res = await as(t, w.admin, 'GET', '/api/manage/get_teacher_to_subject_excel');
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(res.body.data.file_content, 'base64') as unknown as ArrayBuffer);
    const cells: ExcelJS.Cell[] = [];
    workbook.worksheets[0]!.eachRow((row) => row.eachCell((cell) => cells.push(cell)));
    for (const email of risky) {
      const cell = cells.find((c) => c.text === email);
      expect(cell, email).toBeDefined();
      expect(cell!.type).toBe(ExcelJS.ValueType.String);
      expect(cell!.formula).toBeFalsy();
    }
  });
});
