import { describe, expect, it } from 'vitest';
import { packChunks, unpackChunks } from './packed-chunks';

describe('packChunks', () => {
  it('copies exactly the chunks bytes (not the buffers they view) and unpacks them as views', () => {
    const shared = new Uint8Array([9, 1, 2, 3, 9, 4, 5, 9]);
    const chunks = [
      { timestampMs: 1000, bytes: shared.subarray(1, 4) },
      { timestampMs: 2000, bytes: new Uint8Array(0) },
      { timestampMs: 3000, bytes: shared.subarray(5, 7) },
    ];
    const packed = packChunks(chunks);
    expect(packed.bytes.byteLength).toBe(5);
    const unpacked = unpackChunks(packed);
    expect(unpacked.map((c) => c.timestampMs)).toEqual([1000, 2000, 3000]);
    expect(unpacked.map((c) => [...c.bytes])).toEqual([[1, 2, 3], [], [4, 5]]);
    expect(unpacked.every((c) => c.bytes.buffer === packed.bytes)).toBe(true);
    // A copy: the source stays the caller's.
    shared[1] = 0;
    expect(unpacked[0]!.bytes[0]).toBe(1);
  });
});
