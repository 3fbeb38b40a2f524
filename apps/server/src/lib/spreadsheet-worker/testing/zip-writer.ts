import { Readable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

/** A zip part: its bytes given as chunks, so a huge part never has to exist in memory at once. */
export interface ZipPartSource {
  name: string;
  chunks: () => Iterable<Buffer>;
  /** What the central directory claims the part unpacks to (default: the truth). */
  declaredSize?: number;
}

interface Packed {
  name: Buffer;
  compressed: Buffer;
  crc: number;
  size: number;
  declaredSize: number;
}

async function pack(part: ZipPartSource): Promise<Packed> {
  let crc = 0;
  let size = 0;
  const source = Readable.from(
    (function* () {
      for (const chunk of part.chunks()) {
        crc = crc32(chunk, crc);
        size += chunk.length;
        yield chunk;
      }
    })(),
  );
  const out: Buffer[] = [];
  for await (const chunk of source.pipe(createDeflateRaw({ level: 9 }))) out.push(chunk as Buffer);
  return {
    name: Buffer.from(part.name, 'utf8'),
    compressed: Buffer.concat(out),
    crc,
    size,
    declaredSize: part.declaredSize ?? size,
  };
}

/**
 * Writes a deflated zip (no ZIP64, no data descriptors) from parts given as chunks. Tests and the
 * upload bench use it to build zip bombs: a part of hundreds of megabytes of one repeated byte packs
 * to a few hundred kilobytes, and `declaredSize` can forge what the central directory claims.
 */
export async function writeZip(parts: ZipPartSource[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const p = await pack(part);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(p.crc >>> 0, 14);
    local.writeUInt32LE(p.compressed.length, 18);
    local.writeUInt32LE(p.declaredSize, 22);
    local.writeUInt16LE(p.name.length, 26);
    locals.push(local, p.name, p.compressed);

    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4); // made by
    entry.writeUInt16LE(20, 6); // version needed
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(p.crc >>> 0, 16);
    entry.writeUInt32LE(p.compressed.length, 20);
    entry.writeUInt32LE(p.declaredSize, 24);
    entry.writeUInt16LE(p.name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, p.name);
    offset += 30 + p.name.length + p.compressed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A part whose bytes are given at once. */
export function textPart(name: string, text: string): ZipPartSource {
  return { name, chunks: () => [Buffer.from(text, 'utf8')] };
}
