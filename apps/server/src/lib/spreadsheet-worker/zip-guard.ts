import { inflateRawSync } from 'node:zlib';
import { megabytes, type SpreadsheetLimits } from './spreadsheet-limits';
import { SpreadsheetTooLargeError, UnreadableFileError } from './spreadsheet-errors';

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_ENTRY = 0x04034b50;
const MAX_U16 = 0xffff;
const MAX_U32 = 0xffffffff;

const DAMAGED = 'The Excel file could not be read; it may be damaged or incomplete';

/** One part of the zip as its central directory describes it. */
interface ZipPart {
  name: string;
  method: number;
  encrypted: boolean;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

function damaged(): UnreadableFileError {
  return new UnreadableFileError(DAMAGED);
}

function tooLargeUnpacked(limits: SpreadsheetLimits): SpreadsheetTooLargeError {
  return new SpreadsheetTooLargeError(
    `The file is too large once unpacked (over ${megabytes(limits.maxInflatedBytes)}), so nothing was saved. ` +
      'Remove other sheets, pictures and unused rows, or save the sheet as .csv, and upload it again',
  );
}

function u64(data: Buffer, at: number): number {
  const value = data.readBigUInt64LE(at);
  // Beyond 2^53 nothing in an upload of a few megabytes can be genuine.
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw damaged();
  return Number(value);
}

/** The end-of-central-directory record, searched from the end (a zip comment may follow it). */
function findDirectory(data: Buffer): { count: number; offset: number; size: number } {
  const lowest = Math.max(0, data.length - 22 - MAX_U16);
  for (let at = data.length - 22; at >= lowest; at--) {
    if (data.readUInt32LE(at) !== EOCD) continue;
    let count = data.readUInt16LE(at + 10);
    let size = data.readUInt32LE(at + 12);
    let offset = data.readUInt32LE(at + 16);
    if (count === MAX_U16 || size === MAX_U32 || offset === MAX_U32) {
      // ZIP64: the real figures are in the ZIP64 record the locator just before points to.
      const locator = at - 20;
      if (locator < 0 || data.readUInt32LE(locator) !== ZIP64_LOCATOR) throw damaged();
      const record = u64(data, locator + 8);
      if (record + 56 > data.length || data.readUInt32LE(record) !== ZIP64_EOCD) throw damaged();
      count = u64(data, record + 32);
      size = u64(data, record + 40);
      offset = u64(data, record + 48);
    }
    if (offset + size > data.length) throw damaged();
    return { count, offset, size };
  }
  throw damaged();
}

/** Sizes the ZIP64 extra field holds for the fields the fixed header marks as 0xFFFFFFFF. */
function zip64Sizes(
  extra: Buffer,
  need: { declared: boolean; compressed: boolean; offset: boolean },
): { declared?: number; compressed?: number; offset?: number } {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const read = (): number => {
        if (field + 8 > at + 4 + length) throw damaged();
        const value = u64(extra, field);
        field += 8;
        return value;
      };
      return {
        ...(need.declared ? { declared: read() } : {}),
        ...(need.compressed ? { compressed: read() } : {}),
        ...(need.offset ? { offset: read() } : {}),
      };
    }
    at += 4 + length;
  }
  throw damaged();
}

/** Every part listed in the central directory, without unpacking anything. */
function listParts(data: Buffer, limits: SpreadsheetLimits): ZipPart[] {
  const directory = findDirectory(data);
  if (directory.count > limits.maxZipEntries) {
    throw new SpreadsheetTooLargeError(
      `The Excel file has too many parts (over ${limits.maxZipEntries}) to be a timetable sheet; save the sheet as .csv and upload it again`,
    );
  }
  const parts: ZipPart[] = [];
  let at = directory.offset;
  for (let i = 0; i < directory.count; i++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL_ENTRY) throw damaged();
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const end = at + 46 + nameLength + extraLength + commentLength;
    if (end > data.length) throw damaged();
    let compressedSize = data.readUInt32LE(at + 20);
    let declaredSize = data.readUInt32LE(at + 24);
    let localOffset = data.readUInt32LE(at + 42);
    if (compressedSize === MAX_U32 || declaredSize === MAX_U32 || localOffset === MAX_U32) {
      const extra = data.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
      const big = zip64Sizes(extra, {
        declared: declaredSize === MAX_U32,
        compressed: compressedSize === MAX_U32,
        offset: localOffset === MAX_U32,
      });
      declaredSize = big.declared ?? declaredSize;
      compressedSize = big.compressed ?? compressedSize;
      localOffset = big.offset ?? localOffset;
    }
    parts.push({
      name: data.toString('utf8', at + 46, at + 46 + nameLength),
      method: data.readUInt16LE(at + 10),
      encrypted: (data.readUInt16LE(at + 8) & 1) === 1,
      compressedSize,
      declaredSize,
      localOffset,
    });
    at = end;
  }
  return parts;
}

/** The part's stored bytes, located through its local header. */
function storedBytes(data: Buffer, part: ZipPart): Buffer {
  const at = part.localOffset;
  if (at + 30 > data.length || data.readUInt32LE(at) !== LOCAL_ENTRY) throw damaged();
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  const end = start + part.compressedSize;
  if (end > data.length) throw damaged();
  return data.subarray(start, end);
}

/** Unpacks one part, refusing to produce more than `budget` bytes whatever its header claims. */
function unpack(data: Buffer, part: ZipPart, budget: number, limits: SpreadsheetLimits): Buffer {
  const stored = storedBytes(data, part);
  if (part.method === 0) {
    if (stored.length > budget) throw tooLargeUnpacked(limits);
    return stored;
  }
  try {
    // One byte over the budget is enough to know it is too large; zlib stops there.
    return inflateRawSync(stored, { maxOutputLength: budget + 1 });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLargeUnpacked(limits);
    throw damaged();
  }
}

const ROW_TAG = /<(?:[A-Za-z_][\w.-]*:)?row[\s>/]/g;
const CELL_TAG = /<(?:[A-Za-z_][\w.-]*:)?c[\s>/]/g;

function countMatches(text: string, pattern: RegExp): number {
  let n = 0;
  pattern.lastIndex = 0;
  while (pattern.exec(text) !== null) n++;
  return n;
}

/** Rows and cells a worksheet part declares, counted on its XML before any spreadsheet library sees it. */
function tagCounts(xml: Buffer): { rows: number; cells: number } {
  // Tags are ASCII; latin1 decodes any byte without allocating a two-byte string.
  const text = xml.toString('latin1');
  return { rows: countMatches(text, ROW_TAG), cells: countMatches(text, CELL_TAG) };
}

export function tooManyRows(limits: SpreadsheetLimits): SpreadsheetTooLargeError {
  return new SpreadsheetTooLargeError(
    `The file has more than ${limits.maxRows.toLocaleString('en-US')} rows, so nothing was saved. Split it into smaller files and upload them one at a time`,
  );
}

export function tooManyCells(limits: SpreadsheetLimits): SpreadsheetTooLargeError {
  return new SpreadsheetTooLargeError(
    `The file has more than ${limits.maxCells.toLocaleString('en-US')} cells, so nothing was saved. Remove unused columns and sheets, or split it into smaller files`,
  );
}

/**
 * Checks an .xlsx zip before a spreadsheet library unpacks it: the sizes its central directory
 * declares (a zip bomb is refused here, before one byte is inflated), then each part unpacked for
 * real under the remaining budget (a forged directory cannot understate), and the rows and cells
 * its worksheets hold. Throws SpreadsheetTooLargeError or UnreadableFileError; returns if the file
 * is safe to hand to ExcelJS.
 */
export function checkZip(data: Buffer, limits: SpreadsheetLimits): void {
  const parts = listParts(data, limits);
  let declared = 0;
  for (const part of parts) {
    if (part.encrypted) {
      throw new UnreadableFileError(
        'The Excel file is password-protected; remove the password and upload it again',
      );
    }
    if (part.method !== 0 && part.method !== 8) throw damaged();
    declared += part.declaredSize;
  }
  if (declared > limits.maxInflatedBytes) throw tooLargeUnpacked(limits);

  let unpacked = 0;
  let rows = 0;
  let cells = 0;
  for (const part of parts) {
    const bytes = unpack(data, part, limits.maxInflatedBytes - unpacked, limits);
    unpacked += bytes.length;
    if (/^xl\/worksheets\/[^/]+\.xml$/i.test(part.name)) {
      const counts = tagCounts(bytes);
      rows = Math.max(rows, counts.rows);
      cells += counts.cells;
      if (rows > limits.maxRows) throw tooManyRows(limits);
      if (cells > limits.maxCells) throw tooManyCells(limits);
    }
  }
}
