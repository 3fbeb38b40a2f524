/** Sample encodings the encoder can write (the decoder reads all of them). */
export type WavEncoding = 'pcm8' | 'pcm16' | 'pcm24' | 'pcm32' | 'float32';

/** Options for `encodeWav`; defaults give the 16-bit mono PCM the browsers and the tone use. */
export interface EncodeWavOptions {
  encoding?: WavEncoding;
  /** Number of interleaved channels; every channel gets the same samples. */
  channels?: number;
  /** Write a WAVE_FORMAT_EXTENSIBLE fmt chunk instead of the plain 16-byte one. */
  extensible?: boolean;
  /** Extra chunks written before the fmt chunk (e.g. a LIST chunk), to exercise odd layouts. */
  leadingChunks?: readonly { id: string; body: Uint8Array }[];
}

const BITS: Record<WavEncoding, number> = { pcm8: 8, pcm16: 16, pcm24: 24, pcm32: 32, float32: 32 };

/**
 * Encodes float samples in [-1, 1] as a RIFF/WAVE file. Used to write the session tone (16-bit PCM),
 * the evaluation corpus and the decoder's test fixtures. Values outside [-1, 1] are clipped, which is
 * also how a real ADC behaves.
 */
export function encodeWav(
  samples: Float32Array,
  sampleRate: number,
  opts: EncodeWavOptions = {},
): Uint8Array {
  const encoding = opts.encoding ?? 'pcm16';
  const channels = opts.channels ?? 1;
  const bits = BITS[encoding];
  const bytesPerSample = bits / 8;
  const dataBytes = samples.length * channels * bytesPerSample;
  const fmtBytes = opts.extensible ? 40 : 16;
  const leading = opts.leadingChunks ?? [];
  const leadingBytes = leading.reduce((sum, c) => sum + 8 + c.body.length + (c.body.length & 1), 0);
  const total = 12 + leadingBytes + 8 + fmtBytes + 8 + dataBytes + (dataBytes & 1);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  const writeId = (at: number, id: string): void => {
    for (let i = 0; i < 4; i++) out[at + i] = id.charCodeAt(i);
  };
  writeId(0, 'RIFF');
  view.setUint32(4, total - 8, true);
  writeId(8, 'WAVE');
  let at = 12;
  for (const chunk of leading) {
    writeId(at, chunk.id);
    view.setUint32(at + 4, chunk.body.length, true);
    out.set(chunk.body, at + 8);
    at += 8 + chunk.body.length + (chunk.body.length & 1);
  }
  const formatTag = encoding === 'float32' ? 3 : 1;
  writeId(at, 'fmt ');
  view.setUint32(at + 4, fmtBytes, true);
  view.setUint16(at + 8, opts.extensible ? 0xfffe : formatTag, true);
  view.setUint16(at + 10, channels, true);
  view.setUint32(at + 12, sampleRate, true);
  view.setUint32(at + 16, sampleRate * channels * bytesPerSample, true);
  view.setUint16(at + 20, channels * bytesPerSample, true);
  view.setUint16(at + 22, bits, true);
  if (opts.extensible) {
    view.setUint16(at + 24, 22, true); // cbSize
    view.setUint16(at + 26, bits, true); // valid bits
    view.setUint32(at + 28, channels === 1 ? 0x4 : 0x3, true); // channel mask
    // KSDATAFORMAT_SUBTYPE_PCM / _IEEE_FLOAT: format tag then the fixed GUID tail.
    view.setUint16(at + 32, formatTag, true);
    const tail = [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71];
    out.set(tail, at + 34);
  }
  at += 8 + fmtBytes;
  writeId(at, 'data');
  view.setUint32(at + 4, dataBytes, true);
  at += 8;
  for (let i = 0; i < samples.length; i++) {
    const v = Math.max(-1, Math.min(1, samples[i]!));
    for (let c = 0; c < channels; c++) {
      writeSample(view, at, v, encoding);
      at += bytesPerSample;
    }
  }
  return out;
}

function writeSample(view: DataView, at: number, v: number, encoding: WavEncoding): void {
  switch (encoding) {
    case 'pcm8':
      view.setUint8(at, Math.max(0, Math.min(255, Math.round(v * 128 + 128))));
      return;
    case 'pcm16':
      view.setInt16(at, Math.max(-32768, Math.min(32767, Math.round(v * 32768))), true);
      return;
    case 'pcm24': {
      const s = Math.max(-8388608, Math.min(8388607, Math.round(v * 8388608)));
      view.setUint8(at, s & 0xff);
      view.setUint8(at + 1, (s >> 8) & 0xff);
      view.setUint8(at + 2, (s >> 16) & 0xff);
      return;
    }
    case 'pcm32':
      view.setInt32(at, Math.max(-2147483648, Math.min(2147483647, Math.round(v * 2147483648))), true);
      return;
    case 'float32':
      view.setFloat32(at, v, true);
      return;
  }
}

/**
 * Encodes samples as raw little-endian PCM16 without a header, exactly what the web teacher client
 * streams (one second per chunk, so the receiver infers rate = bytes / 2).
 */
export function encodePcm16(samples: Float32Array): Uint8Array {
  const out = new Uint8Array(samples.length * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < samples.length; i++) {
    const v = Math.max(-1, Math.min(1, samples[i]!));
    view.setInt16(i * 2, Math.max(-32768, Math.min(32767, Math.round(v * 32768))), true);
  }
  return out;
}

/**
 * The 44-byte header of a mono PCM WAV whose `dataBytes` of samples follow it: for a file written
 * piece by piece (the original app's lecture-long tone), whose samples are never held at once.
 */
export function plainWavHeader({
  sampleRate,
  bits,
  dataBytes,
}: {
  sampleRate: number;
  bits: 8 | 16;
  dataBytes: number;
}): Uint8Array {
  const out = new Uint8Array(44);
  const view = new DataView(out.buffer);
  const text = (at: number, id: string): void => out.set(new TextEncoder().encode(id), at);
  text(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes + (dataBytes & 1), true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, (sampleRate * bits) / 8, true);
  view.setUint16(32, bits / 8, true);
  view.setUint16(34, bits, true);
  text(36, 'data');
  view.setUint32(40, dataBytes, true);
  return out;
}
