import { DEFAULT_THRESHOLDS } from '@rollbook/presence';
import { badRequest } from '../../lib/app-error';

const PCM = 1;
const EXTENSIBLE = 0xfffe;
const fourCc = (b: Uint8Array, at: number) => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);

/** What the header of an attendance recording says. */
export interface RecordingFormat {
  sampleRate: number;
  durationS: number;
}

/**
 * Checks an attendance recording before any work is spent on it: it must be a RIFF/WAVE file of
 * 16-bit PCM mono (contract §6.2) lasting at least the verifier's minimum. Anything else is a 400
 * with a sentence the student can act on, and nothing is stored.
 */
export function checkRecording(bytes: Uint8Array): RecordingFormat {
  if (bytes.length === 0) throw badRequest('The recording is empty. Please record again.');
  if (bytes.length < 12 || fourCc(bytes, 0) !== 'RIFF' || fourCc(bytes, 8) !== 'WAVE') {
    throw badRequest('The recording is not a WAV file. Please record again.');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let fmt: { format: number; channels: number; sampleRate: number; bits: number } | undefined;
  let dataBytes: number | undefined;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = fourCc(bytes, at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ' && size >= 16 && body + 16 <= bytes.length) {
      let format = view.getUint16(body, true);
      if (format === EXTENSIBLE && size >= 40 && body + 26 <= bytes.length)
        format = view.getUint16(body + 24, true);
      fmt = {
        format,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        bits: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      // Browsers streaming a WAV may leave the size unknown (0 or 0xFFFFFFFF): use what arrived.
      dataBytes = Math.min(size === 0 ? Infinity : size, bytes.length - body);
      break;
    }
    at = body + size + (size & 1);
  }
  if (!fmt || dataBytes === undefined) {
    throw badRequest('The recording is not a complete WAV file. Please record again.');
  }
  if (fmt.format !== PCM || fmt.bits !== 16 || fmt.channels !== 1) {
    throw badRequest(
      `The recording must be 16-bit PCM mono WAV (it is ${fmt.channels}-channel, ${fmt.bits}-bit` +
        `${fmt.format === PCM ? '' : `, format ${fmt.format}`}). Please record again.`,
    );
  }
  if (fmt.sampleRate < 8000 || fmt.sampleRate > 192000) {
    throw badRequest(`The recording's sample rate (${fmt.sampleRate} Hz) is not supported.`);
  }
  const durationS = dataBytes / 2 / fmt.sampleRate;
  if (durationS < DEFAULT_THRESHOLDS.minRecordingS) {
    throw badRequest(
      `The recording is too short (${durationS.toFixed(1)} s): it must last at least ${DEFAULT_THRESHOLDS.minRecordingS} seconds. Please record again.`,
    );
  }
  return { sampleRate: fmt.sampleRate, durationS };
}
