/**
 * Converts float samples (-1..1) to signed 16-bit little-endian PCM bytes, the format of both the
 * teacher's live chunks (contract §8.2) and the student's WAV (§6.2). Values outside the range are
 * clipped rather than wrapped, so a loud room distorts instead of turning into noise.
 */
export function floatToPcm16(samples: Float32Array): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(new ArrayBuffer(samples.length * 2));
  writePcm16(new DataView(bytes.buffer), 0, samples);
  return bytes;
}

/** Writes `samples` as 16-bit little-endian PCM into `view` from `offset`. */
export function writePcm16(view: DataView, offset: number, samples: Float32Array): void {
  for (let index = 0; index < samples.length; index += 1) {
    const clipped = Math.max(-1, Math.min(1, samples[index] ?? 0));
    // Asymmetric scale: -1 maps to -32768 and +1 to +32767, the full range of the format.
    const value = clipped < 0 ? Math.round(clipped * 0x8000) : Math.round(clipped * 0x7fff);
    view.setInt16(offset + index * 2, value, true);
  }
}
