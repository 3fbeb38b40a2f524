import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

const SAMPLES_DIR = path.join(import.meta.dirname, 'samples');

/** The sample timetables shipped with Rollbook; each is also offered as .xlsx, converted on request. */
export const SAMPLE_CSV_FILES = ['grid-ce-be7.csv', 'rows-it-be5.csv'] as const;

/** Every downloadable sample name. */
export const SAMPLE_NAMES: string[] = SAMPLE_CSV_FILES.flatMap((f) => [f, f.replace(/\.csv$/, '.xlsx')]);

/** Converts CSV text into a one-sheet .xlsx workbook with the same cells. */
export async function csvToXlsx(csv: Buffer | string, sheetName = 'Timetable'): Promise<Buffer> {
  const rows: string[][] = parse(csv, { relax_column_count: true, skip_empty_lines: false });
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Reads a shipped sample CSV by file name. */
export function readSampleCsv(name: (typeof SAMPLE_CSV_FILES)[number]): Promise<Buffer> {
  return readFile(path.join(SAMPLES_DIR, name));
}

/** A sample by download name, or `null` when there is no such sample. */
export async function sampleFile(name: string): Promise<{ data: Buffer; contentType: string } | null> {
  if (!SAMPLE_NAMES.includes(name)) return null;
  const csvName = name.replace(/\.xlsx$/, '.csv') as (typeof SAMPLE_CSV_FILES)[number];
  const csv = await readSampleCsv(csvName);
  if (name.endsWith('.csv')) return { data: csv, contentType: 'text/csv; charset=utf-8' };
  return {
    data: await csvToXlsx(csv),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
}
