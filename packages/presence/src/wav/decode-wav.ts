import { PresenceInputError } from '../errors';
import { pcm16ToFloat } from './pcm16';

/** Decoded audio: one channel of float samples in [-1, 1] at `sampleRate`. */
export interface DecodedAudio {
  sampleRate: number;
  samples: Float32Array;
}

const FORMAT_PCM = 1;
const FORMAT_FLOAT = 3;
const FORMAT_EXTENSIBLE = 0xfffe;
const MIN_RATE = 4000;
const MAX_RATE = 384000;
const MAX_CHANNELS = 32;

function fourCc(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
}

interface FmtChunk {
  format: number;
  channels: number;
  sampleRate: number;
  blockAlign: number;
  bitsPerSample: number;
}

function parseFmt(view: DataView, at: number, size: number): FmtChunk {
  if (size < 16) throw new PresenceInputError('bad_fmt', `fmt chunk too small (${size} bytes)`);
  let format = view.getUint16(at, true);
  const channels = view.getUint16(at + 2, true);
  const sampleRate = view.getUint32(at + 4, true);
  const blockAlign = view.getUint16(at + 12, true);
  const bitsPerSample = view.getUint16(at + 14, true);
  if (format === FORMAT_EXTENSIBLE) {
    // WAVE_FORMAT_EXTENSIBLE keeps the real format in the first two bytes of the sub-format GUID.
    if (size < 40) throw new PresenceInputError('bad_fmt', 'extensible fmt chunk too small');
    format = view.getUint16(at + 24, true);
  }
  return { format, channels, sampleRate, blockAlign, bitsPerSample };
}

/**
 * Decodes a RIFF/WAVE file to mono float samples. Accepts integer PCM of 8, 16, 24 and 32 bits,
 * 32/64-bit IEEE float, WAVE_FORMAT_EXTENSIBLE, any chunk order, unknown chunks (LIST, fact, ...),
 * odd-sized chunks with their pad byte, and a truncated or oversized data chunk (decodes the whole
 * frames present; browsers that stream the header first often leave the sizes wrong). Multi-channel
 * audio is averaged to mono. Anything else throws `PresenceInputError`; the parser only moves
 * forward, so no input can make it loop.
 */
export function decodeWav(bytes: Uint8Array): DecodedAudio {
  if (bytes.length === 0) throw new PresenceInputError('empty_input', 'empty audio');
  if (bytes.length < 12 || fourCc(bytes, 0) !== 'RIFF') {
    throw new PresenceInputError('not_riff', 'not a RIFF file');
  }
  if (fourCc(bytes, 8) !== 'WAVE') throw new PresenceInputError('not_wave', 'RIFF file is not WAVE');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let fmt: FmtChunk | undefined;
  let dataStart = -1;
  let dataLength = 0;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = fourCc(bytes, at);
    const declared = view.getUint32(at + 4, true);
    const bodyStart = at + 8;
    const available = bytes.length - bodyStart;
    if (id === 'fmt ') {
      if (declared > available) throw new PresenceInputError('bad_fmt', 'fmt chunk is truncated');
      fmt = parseFmt(view, bodyStart, declared);
    } else if (id === 'data' && dataStart < 0) {
      dataStart = bodyStart;
      // A data size past the end (or 0 / 0xFFFFFFFF from streaming writers) means "to the end".
      dataLength = declared === 0 || declared > available ? available : declared;
    }
    if (declared > available) break;
    at = bodyStart + declared + (declared & 1);
  }
  if (!fmt) throw new PresenceInputError('missing_fmt', 'no fmt chunk');
  if (dataStart < 0) throw new PresenceInputError('missing_data', 'no data chunk');
  return decodeFrames(bytes, view, fmt, dataStart, dataLength);
}

function decodeFrames(
  bytes: Uint8Array,
  view: DataView,
  fmt: FmtChunk,
  dataStart: number,
  dataLength: number,
): DecodedAudio {
  const { format, channels, sampleRate, bitsPerSample } = fmt;
  if (format !== FORMAT_PCM && format !== FORMAT_FLOAT) {
    throw new PresenceInputError('unsupported_format', `unsupported WAV format tag ${format}`);
  }
  if (channels < 1 || channels > MAX_CHANNELS) {
    throw new PresenceInputError('bad_channel_count', `bad channel count ${channels}`);
  }
  if (!Number.isFinite(sampleRate) || sampleRate < MIN_RATE || sampleRate > MAX_RATE) {
    throw new PresenceInputError('bad_sample_rate', `bad sample rate ${sampleRate}`);
  }
  const validBits =
    format === FORMAT_FLOAT
      ? bitsPerSample === 32 || bitsPerSample === 64
      : [8, 16, 24, 32].includes(bitsPerSample);
  if (!validBits) {
    throw new PresenceInputError('unsupported_bit_depth', `unsupported bit depth ${bitsPerSample}`);
  }
  const bytesPerSample = bitsPerSample / 8;
  // Trust the sample width over a wrong blockAlign: some writers leave blockAlign at 0.
  const frameBytes = bytesPerSample * channels;
  const frames = Math.floor(dataLength / frameBytes);
  if (frames === 0) throw new PresenceInputError('no_samples', 'data chunk holds no complete frame');
  if (format === FORMAT_PCM && bitsPerSample === 16 && channels === 1) {
    // The browsers' format: a straight loop, no per-sample reader call.
    return { sampleRate, samples: pcm16ToFloat(bytes, dataStart, frames) };
  }
  const out = new Float32Array(frames);
  const read = sampleReader(format, bitsPerSample, view, bytes);
  const inv = 1 / channels;
  let pos = dataStart;
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) {
      sum += read(pos);
      pos += bytesPerSample;
    }
    out[f] = sum * inv;
  }
  return { sampleRate, samples: out };
}

function sampleReader(
  format: number,
  bits: number,
  view: DataView,
  bytes: Uint8Array,
): (at: number) => number {
  if (format === FORMAT_FLOAT) {
    const clean = (v: number): number => (Number.isFinite(v) ? Math.max(-1, Math.min(1, v)) : 0);
    return bits === 32 ? (at) => clean(view.getFloat32(at, true)) : (at) => clean(view.getFloat64(at, true));
  }
  switch (bits) {
    case 8:
      return (at) => (bytes[at]! - 128) / 128;
    case 16:
      return (at) => view.getInt16(at, true) / 32768;
    case 24:
      return (at) => {
        const v = bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
        return ((v << 8) >> 8) / 8388608;
      };
    default:
      return (at) => view.getInt32(at, true) / 2147483648;
  }
}
