import { inflateRawSync } from 'node:zlib';

/** Why a zip container was refused before any spreadsheet code opened it. */
export class ZipRefusedError extends Error {}

export interface ZipLimits {
  /** Most bytes all entries may unpack to together. */
  maxUnpackedBytes: number;
  /** Most entries the container may hold. */
  maxEntries: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function findEndOfCentralDirectory(data: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const stop = Math.max(0, data.length - 22 - 0xffff);
  for (let at = data.length - 22; at >= stop; at--) if (data.readUInt32LE(at) === EOCD) return at;
  throw new ZipRefusedError('The workbook is damaged: its zip directory is missing');
}

/**
 * Unpacks every entry of a zip container (an .xlsx is one) with a hard ceiling on the bytes
 * produced, before the spreadsheet library sees it. The sizes a zip declares can lie, so the
 * entries are really inflated, each stopped as soon as the running total passes the limit: a zip
 * bomb (a few kilobytes that unpack to gigabytes) is refused after at most `maxUnpackedBytes`.
 */
export function guardZip(data: Buffer, limits: ZipLimits): void {
  const end = findEndOfCentralDirectory(data);
  const entries = data.readUInt16LE(end + 10);
  const directoryOffset = data.readUInt32LE(end + 16);
  if (entries === 0xffff || directoryOffset === 0xffffffff)
    throw new ZipRefusedError('The workbook is too large (zip64 containers are not accepted)');
  if (entries > limits.maxEntries)
    throw new ZipRefusedError(`The workbook has ${entries} parts; at most ${limits.maxEntries} are accepted`);
  let unpacked = 0;
  let at = directoryOffset;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL)
      throw new ZipRefusedError('The workbook is damaged: its zip directory is incomplete');
    const method = data.readUInt16LE(at + 10);
    const packedSize = data.readUInt32LE(at + 20);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const localOffset = data.readUInt32LE(at + 42);
    at += 46 + nameLength + extraLength + commentLength;

    if (localOffset + 30 > data.length || data.readUInt32LE(localOffset) !== LOCAL)
      throw new ZipRefusedError('The workbook is damaged: a zip entry is missing');
    const start =
      localOffset + 30 + data.readUInt16LE(localOffset + 26) + data.readUInt16LE(localOffset + 28);
    const packed = data.subarray(start, start + packedSize);
    const budget = limits.maxUnpackedBytes - unpacked;
    if (method === 0) {
      unpacked += packed.length;
    } else if (method === 8) {
      try {
        unpacked += inflateRawSync(packed, { maxOutputLength: Math.max(1, budget + 1) }).length;
      } catch (err) {
        if (err instanceof RangeError) unpacked = limits.maxUnpackedBytes + 1;
        else throw new ZipRefusedError('The workbook is damaged: a zip entry cannot be unpacked');
      }
    } else {
      throw new ZipRefusedError('The workbook uses a zip compression method spreadsheets never use');
    }
    if (unpacked > limits.maxUnpackedBytes) {
      throw new ZipRefusedError(
        `The workbook unpacks to more than ${Math.round(limits.maxUnpackedBytes / 1024 / 1024)} MB; it is refused as a possible zip bomb (a real workbook of 5,000 students unpacks to a few MB)`,
      );
    }
  }
}
