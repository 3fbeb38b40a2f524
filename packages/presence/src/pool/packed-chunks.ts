import type { TeacherChunk } from '../verify/teacher-chunks';

/**
 * Teacher chunks as posted to a worker: every chunk's bytes side by side in one ArrayBuffer, which
 * the post transfers (moves, no clone), with each chunk's stamp and length beside it.
 */
export interface PackedChunks {
  bytes: ArrayBuffer;
  timestampsMs: number[];
  lengths: number[];
}

/**
 * Packs chunks for a transfer: one copy of exactly their bytes into a buffer of their own. The
 * chunks themselves cannot be transferred: the live store hands the same chunks out on every read
 * (a transfer would empty them for the next reader), and a view into a larger buffer would move
 * or clone all of it. The chunks' `ambient` features are left out: the raw span rebuilds audio
 * from the bytes alone.
 */
export function packChunks(chunks: readonly TeacherChunk[]): PackedChunks {
  const total = chunks.reduce((n, c) => n + c.bytes.length, 0);
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c.bytes, at);
    at += c.bytes.length;
  }
  return {
    bytes: bytes.buffer,
    timestampsMs: chunks.map((c) => c.timestampMs),
    lengths: chunks.map((c) => c.bytes.length),
  };
}

/** The chunks of a packed buffer, as views into it (the worker's side: no copy). */
export function unpackChunks(packed: PackedChunks): TeacherChunk[] {
  let at = 0;
  return packed.lengths.map((length, i) => {
    const chunk = { timestampMs: packed.timestampsMs[i]!, bytes: new Uint8Array(packed.bytes, at, length) };
    at += length;
    return chunk;
  });
}
