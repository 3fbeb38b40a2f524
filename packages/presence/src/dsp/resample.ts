/**
 * Resamples by windowed-sinc interpolation (Blackman window, `halfTaps` zero crossings each side)
 * with the cutoff at 0.45 x the lower of the two rates, or at `cutoffHz` if lower. Used by the
 * corpus to move between 16, 44.1 and 48 kHz and to model the band limit of a call codec. Rates
 * with a small rational ratio (all the ones we use) run polyphase with one precomputed kernel per
 * output phase.
 */
export function resample(
  input: Float32Array,
  fromRate: number,
  toRate: number,
  cutoffHz?: number,
  halfTaps = 16,
): Float32Array {
  const outLength = Math.floor((input.length * toRate) / fromRate);
  const out = new Float32Array(outLength);
  const cutoff = Math.min(cutoffHz ?? Infinity, 0.45 * Math.min(fromRate, toRate));
  const fc = cutoff / fromRate; // normalised to the input rate; stretches the kernel when downsampling
  const radius = Math.ceil(halfTaps / (2 * fc) / 2);
  const g = gcd(Math.round(fromRate), Math.round(toRate));
  const phases = Math.round(toRate) / g;
  const inStep = Math.round(fromRate) / g; // input samples advanced per `phases` outputs
  const taps = 2 * radius;
  const kernels = new Float64Array(phases * taps);
  for (let p = 0; p < phases; p++) {
    const frac = ((p * inStep) % phases) / phases;
    for (let t = 0; t < taps; t++) kernels[p * taps + t] = kernelAt(t - radius + 1 - frac, fc, radius);
  }
  for (let n = 0; n < outLength; n++) {
    const p = n % phases;
    const base = Math.floor(n / phases) * inStep + Math.floor((p * inStep) / phases);
    const k0 = p * taps;
    let acc = 0;
    const first = base - radius + 1;
    if (first >= 0 && first + taps <= input.length) {
      for (let t = 0; t < taps; t++) acc += input[first + t]! * kernels[k0 + t]!;
    } else {
      for (let t = 0; t < taps; t++) {
        const idx = first + t;
        if (idx >= 0 && idx < input.length) acc += input[idx]! * kernels[k0 + t]!;
      }
    }
    out[n] = acc;
  }
  return out;
}

function kernelAt(x: number, fc: number, radius: number): number {
  const ax = Math.abs(x);
  if (ax >= radius) return 0;
  const arg = 2 * Math.PI * fc * x;
  const sinc = x === 0 ? 1 : Math.sin(arg) / arg;
  const w = 0.42 + 0.5 * Math.cos((Math.PI * x) / radius) + 0.08 * Math.cos((2 * Math.PI * x) / radius);
  return 2 * fc * sinc * w;
}

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}
