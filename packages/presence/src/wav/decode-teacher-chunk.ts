import { PresenceInputError } from '../errors';
import { decodeWav, type DecodedAudio } from './decode-wav';
import { pcm16ToFloat } from './pcm16';

/** Decoded teacher chunk plus how it was framed (the framing tells what its timestamp means). */
export interface DecodedTeacherChunk extends DecodedAudio {
  framing: 'raw' | 'wav';
}

const MIN_RAW_RATE = 4000;
const MAX_RAW_RATE = 384000;

/** True when the bytes start with a RIFF header (Flutter teacher chunks); raw PCM16 otherwise. */
export function isRiff(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 && bytes[0] === 0x52 && bytes[1] === 0x49 && bytes[2] === 0x46 && bytes[3] === 0x46
  );
}

/**
 * Decodes one teacher microphone chunk as received on the socket: a WAV with a RIFF header, or raw
 * little-endian PCM16 mono holding exactly one second, so that rate = bytes / 2. Pass `assumedRate`
 * to decode a partial raw chunk (the last one of a stream) at the rate of its neighbours. A
 * zero-length chunk is a heartbeat and has no audio: it throws `empty_input`, as does any chunk
 * that cannot be audio.
 */
export function decodeTeacherChunk(bytes: Uint8Array, assumedRate?: number): DecodedTeacherChunk {
  if (bytes.length === 0) throw new PresenceInputError('empty_input', 'empty teacher chunk (heartbeat)');
  if (isRiff(bytes)) return { ...decodeWav(bytes), framing: 'wav' };
  const sampleRate = rawChunkRate(bytes, assumedRate);
  return { sampleRate, samples: pcm16ToFloat(bytes, 0, bytes.length / 2), framing: 'raw' };
}

/**
 * The sample rate of a raw PCM16 chunk (`decodeTeacherChunk`'s checks without the decoding), for a
 * reader that converts the samples into its own array: throws as `decodeTeacherChunk` would.
 */
export function rawChunkRate(bytes: Uint8Array, assumedRate?: number): number {
  if (bytes.length % 2 !== 0)
    throw new PresenceInputError('odd_pcm_length', 'raw PCM16 chunk has odd length');
  const sampleRate = assumedRate ?? bytes.length / 2;
  if (!Number.isInteger(sampleRate) || sampleRate < MIN_RAW_RATE || sampleRate > MAX_RAW_RATE) {
    throw new PresenceInputError('bad_sample_rate', `raw chunk implies sample rate ${sampleRate}`);
  }
  return sampleRate;
}
