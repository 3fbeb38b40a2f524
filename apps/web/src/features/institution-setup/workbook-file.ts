import { WORKBOOK_MAX_BYTES, WORKBOOK_SHEETS } from '@rollbook/contract';

/** What the file picker offers: an .xlsx workbook, or one sheet as a .csv file. */
export const ACCEPTED_WORKBOOK_FILES = '.xlsx,.csv';

/** A byte count in words ("20 MB", "512 KB"). */
export function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

// Headers and sheet names are compared case- and space-insensitively by the import.
const normalise = (name: string) => name.replace(/\s+/g, '').toLowerCase();
const SHEET_BY_NAME = new Map(WORKBOOK_SHEETS.map((sheet) => [normalise(sheet), sheet]));

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Why a chosen file cannot be uploaded, or null when it can. Refused before anything is sent: a
 * type other than .xlsx or .csv (the picker's filter is only a hint, and a dropped file skips it),
 * an empty file, a file over the server's limit, and a .csv not named after a sheet (the name is
 * all that tells the import which sheet it holds).
 */
export function workbookFileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  const extension = extensionOf(file.name);
  if (extension !== 'xlsx' && extension !== 'csv') {
    return `${file.name} is not a workbook: choose an Excel workbook (.xlsx) or one sheet saved as .csv.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > WORKBOOK_MAX_BYTES) {
    return `${file.name} is ${sizeText(file.size)}; a workbook may be at most ${sizeText(WORKBOOK_MAX_BYTES)}.`;
  }
  if (extension === 'csv' && !SHEET_BY_NAME.has(normalise(file.name.slice(0, -'.csv'.length)))) {
    return `A .csv file holds one sheet and is named after it (for example Students.csv); ${file.name} names none of ${WORKBOOK_SHEETS.join(', ')}.`;
  }
  return null;
}
