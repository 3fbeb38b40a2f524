// Little-endian hosts (every platform Node runs on here) can read PCM16 through an Int16Array view,
// which V8 compiles to plain loads; a DataView read per sample cost ~3 % of a verification.
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Little-endian PCM16 samples `count` from byte `start` of `bytes`, as floats in [-1, 1)
 * (value / 32768, exactly as a DataView read gives them).
 */
export function pcm16ToFloat(bytes: Uint8Array, start: number, count: number): Float32Array {
  const out = new Float32Array(count);
  const at = bytes.byteOffset + start;
  if (LITTLE_ENDIAN && at % 2 === 0) {
    const pcm = new Int16Array(bytes.buffer, at, count);
    for (let i = 0; i < count; i++) out[i] = pcm[i]! / 32768;
    return out;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < count; i++) out[i] = view.getInt16(start + 2 * i, true) / 32768;
  return out;
}
