import { PresenceInputError } from '../errors';
import { fromHex, keyedHmacSha256, toHex } from './sha256';

/** How a chirp's frequency moves over its duration. */
export type ChirpShape = 'linear' | 'ease_in' | 'ease_out';
export const CHIRP_SHAPES: readonly ChirpShape[] = ['linear', 'ease_in', 'ease_out'];

/**
 * The public shape of a session's tone (everything but the secret key). Versioned plain JSON: the
 * server stores it with the session and sends it with the key to the teacher's device.
 */
export interface ToneScheduleConfig {
  /**
   * How chirps take their slots. 2 (every session made before presence-0023): each chirp's slot drawn
   * on its own, so a 5-s clip can hold one chirp of a slot, or none. 3: every `slots` consecutive
   * chirps (indices g·slots … g·slots + slots − 1) take the slots in a key-derived order, so every clip
   * holds every slot about equally often and a phone that hears only the lowest slot still hears a
   * third of the chirps. A new version rather than a new field, so that code which knows only 2 refuses
   * a 3 instead of playing, or checking, another order.
   */
  version: 2 | 3;
  /** The band the chirps use; 17-20 kHz by default, 16-19 kHz for weak speakers or steep phones. */
  bandLowHz: number;
  bandHighHz: number;
  /** Sub-bands of equal width; each chirp sweeps one of them. */
  slots: number;
  /** One chirp starts in every period. */
  periodS: number;
  chirpS: number;
  /** Least silence between two chirps (lets most of a chirp's room echo die down). */
  minGapS: number;
  /** Peak amplitude, full scale = 1. */
  amplitude: number;
  /** Raised-cosine fade at each end of a chirp (no audible clicks). */
  taperS: number;
}

/**
 * The defaults: 3 slots of 1 kHz in 17-20 kHz, a 160 ms chirp every 400 ms (12 in a 5-s clip), the
 * slots in balanced order (version 3).
 */
export const DEFAULT_SCHEDULE_CONFIG: Readonly<ToneScheduleConfig> = Object.freeze({
  version: 3,
  bandLowHz: 17000,
  bandHighHz: 20000,
  slots: 3,
  periodS: 0.4,
  chirpS: 0.16,
  minGapS: 0.08,
  amplitude: 0.9,
  taperS: 0.01,
});

/** One chirp of the schedule; times in seconds of schedule time (0 = the schedule's epoch). */
export interface ScheduledChirp {
  index: number;
  startS: number;
  durationS: number;
  slot: number;
  direction: 'up' | 'down';
  shape: ChirpShape;
  startHz: number;
  endHz: number;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Validates a config (e.g. read from a session row); throws `PresenceInputError('bad_tone_params')`. */
export function parseScheduleConfig(value: unknown): ToneScheduleConfig {
  const fail = (why: string): never => {
    throw new PresenceInputError('bad_tone_params', `invalid tone schedule: ${why}`);
  };
  if (typeof value !== 'object' || value === null) return fail('not an object');
  const v = value as Record<string, unknown>;
  if (v.version !== 2 && v.version !== 3) fail('unknown version');
  for (const f of [
    'bandLowHz',
    'bandHighHz',
    'slots',
    'periodS',
    'chirpS',
    'minGapS',
    'amplitude',
    'taperS',
  ]) {
    if (!finite(v[f])) fail(f);
  }
  const c = v as unknown as ToneScheduleConfig;
  if (c.bandLowHz < 8000 || c.bandHighHz > 23000 || c.bandHighHz - c.bandLowHz < 600) fail('band');
  if (!Number.isInteger(c.slots) || c.slots < 1 || c.slots > 8) fail('slots');
  if ((c.bandHighHz - c.bandLowHz) / c.slots < 300) fail('slots narrower than 300 Hz');
  if (c.chirpS < 0.02 || c.minGapS < 0 || c.chirpS + c.minGapS > c.periodS || c.periodS > 2) fail('timing');
  if (c.amplitude <= 0 || c.amplitude > 1) fail('amplitude');
  if (c.taperS < 0 || c.taperS > c.chirpS / 2) fail('taperS');
  return {
    version: c.version,
    bandLowHz: c.bandLowHz,
    bandHighHz: c.bandHighHz,
    slots: c.slots,
    periodS: c.periodS,
    chirpS: c.chirpS,
    minGapS: c.minGapS,
    amplitude: c.amplitude,
    taperS: c.taperS,
  };
}

/** A new secret session key: 32 random bytes from the platform's cryptographic source, as hex. */
export function createSessionKey(): string {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  return toHex(bytes);
}

/** Edges of one slot's sweep (a 5 % margin inside the slot keeps neighbours apart). */
export function slotBand(config: ToneScheduleConfig, slot: number): { lowHz: number; highHz: number } {
  const width = (config.bandHighHz - config.bandLowHz) / config.slots;
  const low = config.bandLowHz + slot * width;
  return { lowHz: low + 0.05 * width, highHz: low + 0.95 * width };
}

const LABEL = new TextEncoder().encode('rollbook-tone-v2/chirp/');
const SLOT_ORDER_LABEL = new TextEncoder().encode('rollbook-tone-v2/slot-order/');

/**
 * A session's secret chirp sequence. Chirp i starts in period i at a key-derived offset, in a
 * key-derived slot (on its own in version 2, in balanced order in version 3), direction and shape:
 * HMAC-SHA-256(key, label || i) supplies the bytes, so the sequence never repeats and cannot be
 * predicted without the key. Anyone with the key and config (the server, the teacher's device, an
 * auditor) derives the same chirps.
 */
export class ToneSchedule {
  readonly config: ToneScheduleConfig;
  private readonly hmac: (message: Uint8Array) => Uint8Array;
  private readonly cache = new Map<number, ScheduledChirp>();
  private readonly slotOrders = new Map<number, Uint8Array>();

  constructor(keyHex: string, config: ToneScheduleConfig = DEFAULT_SCHEDULE_CONFIG) {
    let key: Uint8Array;
    try {
      key = fromHex(keyHex);
    } catch {
      throw new PresenceInputError('bad_tone_params', 'the session key is not hex');
    }
    if (key.length < 16)
      throw new PresenceInputError('bad_tone_params', 'the session key is shorter than 16 bytes');
    this.hmac = keyedHmacSha256(key);
    this.config = parseScheduleConfig(config);
  }

  /** The chirp with this index (any integer; negative indices exist but are never played). */
  chirp(index: number): ScheduledChirp {
    const cached = this.cache.get(index);
    if (cached) return cached;
    const message = new Uint8Array(LABEL.length + 8);
    message.set(LABEL);
    new DataView(message.buffer).setFloat64(LABEL.length, index);
    const h = this.hmac(message);
    const c = this.config;
    const jitterRange = c.periodS - c.chirpS - c.minGapS;
    const u = new DataView(h.buffer).getUint32(0) / 2 ** 32;
    const slot = c.version === 3 ? this.balancedSlot(index) : h[4]! % c.slots;
    const direction = (h[5]! & 1) === 0 ? 'up' : 'down';
    const shape = CHIRP_SHAPES[h[6]! % CHIRP_SHAPES.length]!;
    const band = slotBand(c, slot);
    const chirp: ScheduledChirp = {
      index,
      startS: index * c.periodS + u * jitterRange,
      durationS: c.chirpS,
      slot,
      direction,
      shape,
      startHz: direction === 'up' ? band.lowHz : band.highHz,
      endHz: direction === 'up' ? band.highHz : band.lowHz,
    };
    if (this.cache.size > 4096) this.cache.clear();
    this.cache.set(index, chirp);
    return chirp;
  }

  /**
   * The slot of chirp `index` in balanced order (version 3): its group's slots (a permutation drawn
   * by Fisher-Yates from HMAC-SHA-256(key, label || group)), at its place in the group.
   */
  private balancedSlot(index: number): number {
    const slots = this.config.slots;
    // + 0: -0 (chirp -0) would hash otherwise than the group 0 the cache holds.
    const group = Math.floor(index / slots) + 0;
    let order = this.slotOrders.get(group);
    if (!order) {
      const message = new Uint8Array(SLOT_ORDER_LABEL.length + 8);
      message.set(SLOT_ORDER_LABEL);
      new DataView(message.buffer).setFloat64(SLOT_ORDER_LABEL.length, group);
      const h = this.hmac(message);
      order = Uint8Array.from({ length: slots }, (_, i) => i);
      for (let i = slots - 1; i > 0; i--) {
        const j = h[i]! % (i + 1);
        const kept = order[i]!;
        order[i] = order[j]!;
        order[j] = kept;
      }
      if (this.slotOrders.size > 4096) this.slotOrders.clear();
      this.slotOrders.set(group, order);
    }
    return order[index - group * slots]!;
  }

  /** Chirps that sound (even partly) between schedule times fromS and toS, in order. */
  chirpsBetween(fromS: number, toS: number): ScheduledChirp[] {
    const c = this.config;
    const first = Math.floor((fromS - c.periodS) / c.periodS);
    const last = Math.floor(toS / c.periodS);
    const out: ScheduledChirp[] = [];
    for (let i = first; i <= last; i++) {
      const chirp = this.chirp(i);
      if (chirp.startS < toS && chirp.startS + chirp.durationS > fromS) out.push(chirp);
    }
    return out;
  }
}

/**
 * A recorded file of the schedule (the original clients loop it): chirps F..F+N-1 of the schedule
 * played from the file's start, repeating every `loopS`. F is 0 for the original web client's short
 * loop; the original app's lecture-long file starts at the chirp due when it was downloaded
 * (presence-0029), so a download later in the lecture never replays its start. Maps a global chirp
 * index onto the file, in schedule time: the file's start is schedule time F * period.
 */
export class LoopedSchedule {
  readonly chirpsPerLoop: number;

  constructor(
    readonly schedule: ToneSchedule,
    readonly loopS: number,
    readonly firstChirp = 0,
  ) {
    const n = loopS / schedule.config.periodS;
    if (!Number.isInteger(Math.round(n * 1e6) / 1e6) || n < 1) {
      throw new PresenceInputError('bad_tone_params', 'the loop must hold a whole number of chirp periods');
    }
    if (!Number.isInteger(firstChirp) || firstChirp < 0) {
      throw new PresenceInputError('bad_tone_params', 'the file must start at a chirp of the schedule');
    }
    this.chirpsPerLoop = Math.round(n);
  }

  /** Schedule time of the file's first sample: its first chirp's period. */
  get startS(): number {
    return this.firstChirp * this.schedule.config.periodS;
  }

  /** Chirp `index` of the endless loop (its parameters are those of F + (index - F) mod N). */
  chirp(index: number): ScheduledChirp {
    const n = this.chirpsPerLoop;
    const from = this.firstChirp;
    const within = from + ((((index - from) % n) + n) % n);
    const base = this.schedule.chirp(within);
    return { ...base, index, startS: base.startS + (index - within) * this.schedule.config.periodS };
  }

  chirpsBetween(fromS: number, toS: number): ScheduledChirp[] {
    const p = this.schedule.config.periodS;
    const out: ScheduledChirp[] = [];
    for (let i = Math.floor((fromS - p) / p); i <= Math.floor(toS / p); i++) {
      const chirp = this.chirp(i);
      if (chirp.startS < toS && chirp.startS + chirp.durationS > fromS) out.push(chirp);
    }
    return out;
  }
}

/** What the detector searches: the live schedule, or the looped file of the original client. */
export type ChirpTimeline = ToneSchedule | LoopedSchedule;

/** The config of a timeline. */
export function timelineConfig(timeline: ChirpTimeline): ToneScheduleConfig {
  return timeline instanceof LoopedSchedule ? timeline.schedule.config : timeline.config;
}
