// Little-endian hosts (every platform Node runs on here) can read PCM16 through an Int16Array view,
// which V8 compiles to plain loads; a DataView read per sample cost ~3 % of a verification.
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Little-endian PCM16 samples `count` from byte `start` of `bytes`, as floats in [-1, 1)
 * (value / 32768, exactly as a DataView read gives them).
 */
export function pcm16ToFloat(bytes: Uint8Array, start: number, count: number): Float32Array {
  const out = new Float32Array(count);
  pcm16Into(bytes, start, count, out, 0);
  return out;
}

/**
 * `pcm16ToFloat` written into `out` from index `at` instead of a new array: a caller laying chunks
 * out on one timeline (the two-way check's teacher samples) converts each straight into place.
 */
export function pcm16Into(
  bytes: Uint8Array,
  start: number,
  count: number,
  out: Float32Array,
  at: number,
): void {
  const from = bytes.byteOffset + start;
  if (LITTLE_ENDIAN && from % 2 === 0) {
    const pcm = new Int16Array(bytes.buffer, from, count);
    for (let i = 0; i < count; i++) out[at + i] = pcm[i]! / 32768;
    return;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < count; i++) out[at + i] = view.getInt16(start + 2 * i, true) / 32768;
}
