import { describe, expect, it } from 'vitest';
import { PresenceInputError } from '../errors';
import { decodeWav } from '../wav/decode-wav';
import { fromHex, hmacSha256, keyedHmacSha256, sha256, toHex } from './sha256';
import { chirpFrequencyHz, encodeScheduleFile, synthesizeSpan } from './synthesize-span';
import {
  DEFAULT_SCHEDULE_CONFIG,
  LoopedSchedule,
  ToneSchedule,
  createSessionKey,
  parseScheduleConfig,
  slotBand,
} from './tone-schedule';

const KEY = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
// The slots of chirps 0-11 of KEY with each slot drawn on its own (the schedule before presence-0023).
const INDEPENDENT_SLOTS_0_11 = '112001100211';
const VERSION_2 = { ...DEFAULT_SCHEDULE_CONFIG, version: 2 as const };

describe('sha256 / hmac', () => {
  it('matches the published test vectors', () => {
    expect(toHex(sha256(new TextEncoder().encode('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(toHex(sha256(new Uint8Array(0)))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    // RFC 4231 test case 2.
    expect(
      toHex(
        hmacSha256(
          new TextEncoder().encode('Jefe'),
          new TextEncoder().encode('what do ya want for nothing?'),
        ),
      ),
    ).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
    expect(toHex(fromHex('00ff10'))).toBe('00ff10');
  });

  it('keyedHmacSha256 (pads compressed once) gives exactly hmacSha256, for short and long keys and messages', () => {
    const jefe = keyedHmacSha256(new TextEncoder().encode('Jefe'));
    expect(toHex(jefe(new TextEncoder().encode('what do ya want for nothing?')))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    for (const keyLength of [16, 32, 64, 131]) {
      const key = Uint8Array.from({ length: keyLength }, (_, i) => (i * 37 + keyLength) & 0xff);
      const keyed = keyedHmacSha256(key);
      for (const messageLength of [0, 31, 55, 56, 64, 200]) {
        const message = Uint8Array.from({ length: messageLength }, (_, i) => (i * 11) & 0xff);
        expect(toHex(keyed(message))).toBe(toHex(hmacSha256(key, message)));
      }
    }
  });
});

describe('tone schedule', () => {
  it('derives the same chirps from the same key and different ones from another key', () => {
    const a = new ToneSchedule(KEY);
    const b = new ToneSchedule(KEY);
    const c = new ToneSchedule(createSessionKey());
    const seq = (s: ToneSchedule): string[] =>
      Array.from({ length: 50 }, (_, i) => JSON.stringify(s.chirp(i + 1000)));
    expect(seq(a)).toEqual(seq(b));
    expect(seq(c)).not.toEqual(seq(a));
  });

  it('keeps every chirp in its period with the minimum gap, inside its slot band', () => {
    const s = new ToneSchedule(KEY);
    const c = DEFAULT_SCHEDULE_CONFIG;
    let previousEnd = -Infinity;
    for (let i = 0; i < 2000; i++) {
      const chirp = s.chirp(i);
      expect(chirp.startS).toBeGreaterThanOrEqual(i * c.periodS);
      expect(chirp.startS + chirp.durationS).toBeLessThanOrEqual((i + 1) * c.periodS - c.minGapS + 1e-9);
      expect(chirp.startS - previousEnd).toBeGreaterThanOrEqual(c.minGapS - 1e-9);
      previousEnd = chirp.startS + chirp.durationS;
      const band = slotBand(c, chirp.slot);
      expect(Math.min(chirp.startHz, chirp.endHz)).toBeCloseTo(band.lowHz, 6);
      expect(Math.max(chirp.startHz, chirp.endHz)).toBeCloseTo(band.highHz, 6);
    }
  });

  it('uses every slot, direction and shape about equally, in either slot order', () => {
    for (const config of [DEFAULT_SCHEDULE_CONFIG, VERSION_2]) {
      const s = new ToneSchedule(KEY, config);
      const counts = new Map<string, number>();
      for (let i = 0; i < 3600; i++) {
        const c = s.chirp(i);
        const k = `${c.slot}${c.direction}${c.shape}`;
        counts.set(k, (counts.get(k) ?? 0) + 1);
      }
      expect(counts.size).toBe(18);
      for (const n of counts.values()) expect(n).toBeGreaterThan(120); // 200 expected each
    }
  });

  it('in balanced order, gives every slot once per run of `slots` chirps, so every clip holds each slot', () => {
    const s = new ToneSchedule(KEY);
    expect(DEFAULT_SCHEDULE_CONFIG.version).toBe(3);
    const slots = Array.from({ length: 3600 }, (_, i) => s.chirp(i - 1800).slot);
    for (let g = 0; g < slots.length; g += 3) expect([...slots.slice(g, g + 3)].sort()).toEqual([0, 1, 2]);
    // Any 12 consecutive chirps (a 5-s clip) hold 3 to 5 of each slot; drawn one by one, a slot
    // could be missing from a clip, as the lowest, the only one a steep phone hears, once was.
    for (let i = 0; i + 12 <= slots.length; i++) {
      for (let slot = 0; slot < 3; slot++) {
        const n = slots.slice(i, i + 12).filter((x) => x === slot).length;
        expect(n).toBeGreaterThanOrEqual(3);
        expect(n).toBeLessThanOrEqual(5);
      }
    }
    // The orders are the key's: another key orders the same groups otherwise.
    const other = new ToneSchedule(createSessionKey());
    expect(Array.from({ length: 300 }, (_, i) => other.chirp(i).slot)).not.toEqual(slots.slice(1800, 2100));
  });

  it('keeps a session made before balanced order (version 2) exactly as it was', () => {
    const s = new ToneSchedule(KEY, VERSION_2);
    // Chirps 0-11 of this key as the schedule derived them before version 3 existed.
    expect(Array.from({ length: 12 }, (_, i) => s.chirp(i).slot).join('')).toBe(INDEPENDENT_SLOTS_0_11);
    expect(parseScheduleConfig(JSON.parse(JSON.stringify(VERSION_2)))).toEqual(VERSION_2);
    expect(() => parseScheduleConfig({ ...DEFAULT_SCHEDULE_CONFIG, version: 4 })).toThrow(PresenceInputError);
  });

  it('balances a looped file too, across its wrap', () => {
    // The original client's 180-s file: 450 chirps, a multiple of the 3 slots.
    const loop = new LoopedSchedule(new ToneSchedule(KEY), 180);
    const slots = Array.from({ length: 60 }, (_, i) => loop.chirp(420 + i).slot);
    for (let g = 0; g < slots.length; g += 3) expect([...slots.slice(g, g + 3)].sort()).toEqual([0, 1, 2]);
  });

  it('never repeats a 5-second window within a three-hour session', () => {
    const s = new ToneSchedule(KEY);
    const perWindow = 12;
    const total = Math.round((3 * 3600) / DEFAULT_SCHEDULE_CONFIG.periodS);
    const sig = Array.from({ length: total }, (_, i) => {
      const c = s.chirp(i);
      const jitter = Math.round((c.startS - i * DEFAULT_SCHEDULE_CONFIG.periodS) * 1000);
      return `${c.slot}${c.direction[0]}${c.shape[5] ?? 'l'}${jitter}`;
    });
    const seen = new Set<string>();
    for (let i = 0; i + perWindow <= total; i++) {
      const w = sig.slice(i, i + perWindow).join('|');
      expect(seen.has(w)).toBe(false);
      seen.add(w);
    }
  });

  it('refuses bad keys and configs with a typed error', () => {
    expect(() => new ToneSchedule('zz')).toThrow(PresenceInputError);
    expect(() => new ToneSchedule('00ff')).toThrow(PresenceInputError);
    expect(() => parseScheduleConfig({ ...DEFAULT_SCHEDULE_CONFIG, version: 1 })).toThrow(PresenceInputError);
    expect(() => parseScheduleConfig({ ...DEFAULT_SCHEDULE_CONFIG, chirpS: 0.5 })).toThrow(
      PresenceInputError,
    );
    expect(() => parseScheduleConfig({ ...DEFAULT_SCHEDULE_CONFIG, bandHighHz: 30000 })).toThrow(
      PresenceInputError,
    );
    expect(parseScheduleConfig(JSON.parse(JSON.stringify(DEFAULT_SCHEDULE_CONFIG)))).toEqual(
      DEFAULT_SCHEDULE_CONFIG,
    );
  });
});

describe('synthesis', () => {
  it('renders spans that join sample-exactly at any rate', () => {
    const s = new ToneSchedule(KEY);
    for (const rate of [44100, 48000]) {
      const whole = synthesizeSpan(s, 100, 2, rate);
      const a = synthesizeSpan(s, 100, 1, rate);
      const b = synthesizeSpan(s, 101, 1, rate);
      let worst = 0;
      for (let i = 0; i < rate; i++)
        worst = Math.max(worst, Math.abs(whole[i]! - a[i]!), Math.abs(whole[rate + i]! - b[i]!));
      expect(worst).toBeLessThan(1e-4);
    }
  });

  it('sounds each chirp at its scheduled time and frequency, silent between', () => {
    const s = new ToneSchedule(KEY);
    const rate = 96000;
    const span = synthesizeSpan(s, 40, 1, rate);
    const chirp = s.chirpsBetween(40, 41).find((c) => c.startS >= 40 && c.startS + c.durationS <= 41)!;
    const mid = Math.round((chirp.startS + chirp.durationS / 2 - 40) * rate);
    // Zero crossings over 2 ms around the middle give the instantaneous frequency to ~+-250 Hz.
    let crossings = 0;
    for (let i = mid - 96; i < mid + 96; i++) if (span[i]! < 0 !== span[i + 1]! < 0) crossings++;
    expect(
      Math.abs((crossings / 2) * (rate / 192) - chirpFrequencyHz(chirp, chirp.durationS / 2)),
    ).toBeLessThan(600);
    const before = Math.round((chirp.startS - 40) * rate) - 10;
    if (before > 0) expect(Math.abs(span[before]!)).toBe(0);
  });

  it('writes the file of a loop without parameters, and the loop repeats it', () => {
    const s = new ToneSchedule(KEY);
    const loop = new LoopedSchedule(s, 4);
    const wav = encodeScheduleFile(loop, 4);
    expect(new TextDecoder().decode(wav.subarray(0, 200))).not.toContain('rbtp');
    const decoded = decodeWav(wav);
    expect(decoded.samples.length).toBe(4 * 48000);
    expect(loop.chirp(12)).toEqual({ ...s.chirp(2), index: 12, startS: s.chirp(2).startS + 4 });
    const again = synthesizeSpan(loop, 8, 4, 48000);
    let worst = 0;
    for (let i = 0; i < again.length; i++) worst = Math.max(worst, Math.abs(again[i]! - decoded.samples[i]!));
    expect(worst).toBeLessThan(1 / 16000);
  });
});
