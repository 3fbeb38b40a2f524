import { challengeConfigFor } from '../challenge/challenge-sequence';
import {
  basebandPlan,
  fromBaseband,
  toBaseband,
  type Baseband,
  type BasebandPlan,
} from '../dsp/band-baseband';
import { PresenceInputError } from '../errors';
import { bandEnvelopes } from '../metrics/band-envelopes';
import type { ToneScheduleConfig } from '../schedule/tone-schedule';
import { decodeTeacherChunk, isRiff } from '../wav/decode-teacher-chunk';
import { encodeShapedPcm16 } from '../wav/encode-shaped-pcm16';
import { chunkKey, type TeacherChunk } from './teacher-chunks';

/**
 * The teacher's chunks as a server keeps them between arrival and verification (docs/decisions/
 * sessions-0011): of a raw PCM chunk (our web client, 44.1/48 kHz), only what verification reads,
 * namely the ambient features (exactly as `teacherFeatureGrid` computes them) and the one band that
 * holds the session tone and the two-way challenge above it, as complex baseband (int16 with a
 * per-chunk scale): 27-38 kB a second instead of 88-96 kB. Opening gives back a raw PCM chunk of
 * the same rate and length holding that band (the tone level check, the file-phase search and the
 * challenge check read it as before) with the features attached (the ambient check reads them).
 * Anything else (WAV chunks, odd lengths) is kept verbatim.
 *
 * A chunk no reader of the band will open (a one-way session's sheet once its tone level is known)
 * may keep its features alone (`keepBand: false`, sessions-0013): filtering the band is most of the
 * packing's CPU. It opens as silence marked `bandDropped`, which readers of the audio treat as a gap.
 */

/** The band of the teacher's stream kept beyond the ambient features. */
export interface KeptBand {
  lowHz: number;
  highHz: number;
}

// Beyond the nominal band: the chirps' tapers spread a little, and the search's null uses the edges.
const BAND_MARGIN_HZ = 200;
// A chunk continues the previous one within this of where it ended (as the verifier lays them out).
const CONTIGUITY_TOLERANCE_MS = 250;
// Raw chunks hold one second, so their length gives their rate; only these rates are packed, so a
// short last chunk is never taken for a full second at another rate.
const PACKED_RATES: ReadonlySet<number> = new Set([44100, 48000]);

const VERBATIM = 1;
const BANDED = 2;
const FEATURES_ONLY = 3;
const HEADER_BYTES = 29;

/**
 * What a session's verifications read above the ambient bands: the tone's band (tone level check,
 * file-phase search) up to the top of the two-way challenge's band just above it.
 */
export function keptTeacherBand(tone: ToneScheduleConfig): KeptBand {
  const challenge = challengeConfigFor(tone);
  return {
    lowHz: Math.min(tone.bandLowHz, challenge.bandLowHz) - BAND_MARGIN_HZ,
    highHz: Math.max(tone.bandHighHz, challenge.bandHighHz) + BAND_MARGIN_HZ,
  };
}

/** The plan a raw chunk of `bytes` is packed with, or null when it is kept verbatim. */
function planFor(bytes: Uint8Array, band: KeptBand | null): BasebandPlan | null {
  if (!band || isRiff(bytes) || bytes.length % 2 !== 0) return null;
  const rate = bytes.length / 2;
  if (!PACKED_RATES.has(rate)) return null;
  return basebandPlan(rate, band.lowHz, Math.min(band.highHz, rate / 2));
}

/**
 * The stored form of one teacher chunk: `band` packed as described above (its features alone when
 * `keepBand` is false), or verbatim.
 */
export function packTeacherChunk(
  bytes: Uint8Array,
  band: KeptBand | null,
  { keepBand = true }: { keepBand?: boolean } = {},
): Uint8Array {
  const plan = planFor(bytes, band);
  if (!plan) {
    const out = new Uint8Array(bytes.length + 1);
    out[0] = VERBATIM;
    out.set(bytes, 1);
    return out;
  }
  const { samples, sampleRate } = decodeTeacherChunk(bytes);
  const features = bandEnvelopes(samples, sampleRate);
  const bb: Baseband = keepBand
    ? toBaseband(samples, plan)
    : { re: new Float32Array(0), im: new Float32Array(0), first: 0 };
  let peak = 0;
  for (let k = 0; k < bb.re.length; k++) peak = Math.max(peak, Math.abs(bb.re[k]!), Math.abs(bb.im[k]!));
  const scale = peak > 0 ? peak / 32767 : 1;
  const out = new Uint8Array(HEADER_BYTES + features.length * 4 + bb.re.length * 4);
  const view = new DataView(out.buffer);
  out[0] = keepBand ? BANDED : FEATURES_ONLY;
  view.setUint32(1, sampleRate, true);
  view.setUint32(5, samples.length, true);
  view.setFloat32(9, band!.lowHz, true);
  view.setFloat32(13, Math.min(band!.highHz, sampleRate / 2), true);
  view.setFloat32(17, scale, true);
  view.setUint32(21, features.length, true);
  view.setUint32(25, bb.re.length, true);
  let at = HEADER_BYTES;
  for (const f of features) {
    view.setFloat32(at, f, true);
    at += 4;
  }
  for (let k = 0; k < bb.re.length; k++) {
    view.setInt16(at, Math.round(bb.re[k]! / scale), true);
    view.setInt16(at + 2, Math.round(bb.im[k]! / scale), true);
    at += 4;
  }
  return out;
}

/** The header of a banded stored chunk. */
interface BandedHeader {
  plan: BasebandPlan;
  lowHz: number;
  highHz: number;
  /** Samples of the original chunk. */
  length: number;
  featureCount: number;
  /** Baseband samples; 0 when only the features were kept. */
  count: number;
  scale: number;
  /** False for a chunk stored with its features alone. */
  bandKept: boolean;
}

/** A banded chunk's header; null for a verbatim one. */
function bandedHeader(stored: Uint8Array): BandedHeader | null {
  if (stored[0] === VERBATIM) return null;
  const view = new DataView(stored.buffer, stored.byteOffset, stored.byteLength);
  const bandKept = stored[0] === BANDED;
  const ok = (bandKept || stored[0] === FEATURES_ONLY) && stored.length >= HEADER_BYTES;
  const lowHz = ok ? view.getFloat32(9, true) : 0;
  const highHz = ok ? view.getFloat32(13, true) : 0;
  const plan = ok ? basebandPlan(view.getUint32(1, true), lowHz, highHz) : null;
  const featureCount = ok ? view.getUint32(21, true) : 0;
  const count = ok ? view.getUint32(25, true) : 0;
  if (!plan || (!bandKept && count !== 0) || stored.length !== HEADER_BYTES + featureCount * 4 + count * 4) {
    throw new PresenceInputError('unsupported_format', 'not a stored teacher chunk');
  }
  const length = view.getUint32(5, true);
  return { plan, lowHz, highHz, length, featureCount, count, scale: view.getFloat32(17, true), bandKept };
}

function featuresOf(stored: Uint8Array, h: BandedHeader): Float32Array {
  const view = new DataView(stored.buffer, stored.byteOffset, stored.byteLength);
  const features = new Float32Array(h.featureCount);
  for (let i = 0; i < h.featureCount; i++) features[i] = view.getFloat32(HEADER_BYTES + i * 4, true);
  return features;
}

function basebandOf(stored: Uint8Array, h: BandedHeader): Baseband {
  const view = new DataView(stored.buffer, stored.byteOffset, stored.byteLength);
  const re = new Float32Array(h.count);
  const im = new Float32Array(h.count);
  for (let k = 0, at = HEADER_BYTES + h.featureCount * 4; k < h.count; k++, at += 4) {
    re[k] = view.getInt16(at, true) * h.scale;
    im[k] = view.getInt16(at + 2, true) * h.scale;
  }
  return { re, im, first: -(h.plan.taps.length - 1) / 2 };
}

/** A stored chunk read: verbatim (header null), banded (its header), or unreadable (undefined). */
interface Read {
  chunk: TeacherChunk;
  header: BandedHeader | null | undefined;
}

function read(chunk: TeacherChunk): Read {
  try {
    return { chunk, header: chunk.bytes.length === 0 ? null : bandedHeader(chunk.bytes) };
  } catch (err) {
    if (err instanceof PresenceInputError) return { chunk, header: undefined };
    throw err;
  }
}

/** The banded chunk just before or after another, when it continues it (their tails overlap). */
function neighbour(own: Read & { header: BandedHeader }, other: Read | undefined, after: boolean) {
  const h = other?.header;
  if (!other || !h || !h.bandKept || h.plan !== own.header.plan) return null;
  const ownMs = own.chunk.timestampMs;
  const gapMs = after
    ? other.chunk.timestampMs - (ownMs + (own.header.length / h.plan.rate) * 1000)
    : ownMs - (other.chunk.timestampMs + (h.length / h.plan.rate) * 1000);
  return Math.abs(gapMs) <= CONTIGUITY_TOLERANCE_MS ? { chunk: other.chunk, header: h } : null;
}

// Rebuilt audio, by the stored bytes of the chunk and its neighbours: every student of a session
// is checked against the same few seconds.
const rebuilt = new Map<string, Uint8Array>();
const REBUILT_LIMIT = 256;

/** A banded chunk's band as raw PCM16 of its rate and length, with its neighbours' tails added. */
function rebuildBand(own: Read & { header: BandedHeader }, previous?: Read, next?: Read): Uint8Array {
  const h = own.header;
  const before = neighbour(own, previous, false);
  const after = neighbour(own, next, true);
  const key = [before?.chunk, own.chunk, after?.chunk].map((c) => (c ? chunkKey(c) : '-')).join('|');
  const known = rebuilt.get(key);
  if (known) return known;
  const band = fromBaseband(basebandOf(own.chunk.bytes, h), h.plan, 0, h.length);
  if (before) {
    const { length } = before.header;
    const tail = fromBaseband(
      basebandOf(before.chunk.bytes, before.header),
      h.plan,
      length,
      length + h.length,
    );
    for (let i = 0; i < tail.length; i++) band[i] = band[i]! + tail[i]!;
  }
  if (after) {
    const head = fromBaseband(basebandOf(after.chunk.bytes, after.header), h.plan, -h.length, 0);
    for (let i = 0; i < head.length; i++) band[i] = band[i]! + head[i]!;
  }
  const bytes = encodeShapedPcm16(band, h.plan.rate, h.lowHz, h.highHz);
  if (rebuilt.size >= REBUILT_LIMIT) rebuilt.delete(rebuilt.keys().next().value!);
  rebuilt.set(key, bytes);
  return bytes;
}

/**
 * Stored chunks as the verifier reads them, oldest first. A banded chunk comes with its ambient
 * features and, with `audio`, its band rebuilt as raw PCM16 of its rate and length, joined to the
 * neighbouring chunks; without `audio` (a reader of the features alone: rebuilding costs a few ms
 * a chunk), silence of that length. A chunk stored with its features alone comes back as silence
 * marked `bandDropped` either way. Verbatim chunks come back as they arrived; an unreadable one is
 * left out (one bad chunk must not fail a student).
 */
export function openStoredTeacherChunks(
  stored: readonly TeacherChunk[],
  { audio }: { audio: boolean },
): TeacherChunk[] {
  const reads = [...stored].sort((a, b) => a.timestampMs - b.timestampMs).map(read);
  const opened: TeacherChunk[] = [];
  reads.forEach((r, i) => {
    const { chunk, header } = r;
    if (header === undefined) return;
    if (header === null) {
      opened.push(chunk.bytes.length === 0 ? chunk : { ...chunk, bytes: chunk.bytes.subarray(1) });
      return;
    }
    const banded = { chunk, header };
    const ambient = featuresOf(chunk.bytes, header);
    if (!header.bandKept) {
      opened.push({
        timestampMs: chunk.timestampMs,
        bytes: new Uint8Array(header.length * 2),
        ambient,
        bandDropped: true,
      });
      return;
    }
    const bytes = audio ? rebuildBand(banded, reads[i - 1], reads[i + 1]) : new Uint8Array(header.length * 2);
    opened.push({ timestampMs: chunk.timestampMs, bytes, ambient });
  });
  return opened;
}
