// Zero pairs of the noise transfer function, spread evenly over the band.
const ZERO_PAIRS = 3;

/** Coefficients after the leading 1 of the noise transfer function with zeros spread over the band. */
function noiseTransfer(sampleRate: number, lowHz: number, highHz: number): number[] {
  let poly = [1];
  for (let z = 0; z < ZERO_PAIRS; z++) {
    const hz = lowHz + ((z + 0.5) / ZERO_PAIRS) * (highHz - lowHz);
    const section = [1, -2 * Math.cos((2 * Math.PI * hz) / sampleRate), 1];
    const next = new Array<number>(poly.length + 2).fill(0);
    poly.forEach((p, i) => section.forEach((s, j) => (next[i + j]! += p * s)));
    poly = next;
  }
  return poly.slice(1);
}

/**
 * Raw little-endian PCM16 of `samples` (full scale ±1) whose rounding noise is pushed out of
 * [lowHz, highHz]: error feedback through a noise transfer function with zero pairs spread over the
 * band. Plain rounding adds noise as strong as the 16-bit floor a signal already carries; for a
 * band that only holds that floor (a faint challenge far from the teacher's microphone) that would
 * double it. Shaped, the band gets ~20 dB less; the rest of the spectrum (which the reader of such
 * a signal ignores) gets more.
 */
export function encodeShapedPcm16(
  samples: Float32Array,
  sampleRate: number,
  lowHz: number,
  highHz: number,
): Uint8Array {
  const a = noiseTransfer(sampleRate, lowHz, highHz);
  const order = a.length;
  // Past errors in a ring: errors[(at + k) % order] is the error k + 1 samples back.
  const errors = new Float64Array(order);
  const out = new Uint8Array(samples.length * 2);
  const view = new DataView(out.buffer);
  let at = 0;
  for (let n = 0; n < samples.length; n++) {
    let wanted = samples[n]! * 32768;
    for (let k = 0, j = at; k < order; k++, j = j + 1 === order ? 0 : j + 1) wanted += a[k]! * errors[j]!;
    const value = Math.max(-32768, Math.min(32767, Math.round(wanted)));
    at = at === 0 ? order - 1 : at - 1;
    // A clipped sample's error is not fed back whole: the loop must stay bounded.
    errors[at] = Math.max(-1, Math.min(1, value - wanted));
    view.setInt16(n * 2, value, true);
  }
  return out;
}
