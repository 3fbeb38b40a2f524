import { describe, expect, it } from 'vitest';
import { ownedBytes } from './owned-bytes';

describe('ownedBytes', () => {
  it('keeps the memory of bytes that own their whole buffer (no copy)', () => {
    const body = Buffer.concat([Buffer.alloc(300_000, 1), Buffer.alloc(180_000, 2)]);
    const bytes = ownedBytes(body);
    expect(bytes.buffer).toBe(body.buffer);
    expect(bytes.byteLength).toBe(480_000);
    expect(Object.getPrototypeOf(bytes)).toBe(Uint8Array.prototype);
  });

  it('copies a view into a larger buffer to exactly its bytes', () => {
    const pool = new Uint8Array(100).map((_, i) => i);
    const view = pool.subarray(10, 20);
    const bytes = ownedBytes(view);
    expect(bytes.buffer).not.toBe(pool.buffer);
    expect(bytes.buffer.byteLength).toBe(10);
    expect([...bytes]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });

  it('copies a small Buffer, which is a slice of Node’s shared pool', () => {
    const small = Buffer.from([1, 2, 3]);
    const bytes = ownedBytes(small);
    expect(bytes.buffer.byteLength).toBe(3);
    expect([...bytes]).toEqual([1, 2, 3]);
  });
});
