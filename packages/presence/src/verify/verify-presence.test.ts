import { describe, expect, it } from 'vitest';
import { EPOCH_MS, syntheticCase } from '../../test/fixtures';
import { PresenceInputError } from '../errors';
import { encodeWav } from '../wav/encode-wav';
import { teacherWindow } from './teacher-chunks';
import { verifyPresence } from './verify-presence';

describe('verifyPresence', () => {
  it('marks a present student present with strong metrics', () => {
    const r = verifyPresence(syntheticCase());
    expect(r.verdict).toBe('present');
    expect(r.reasons).toEqual([]);
    expect(r.ncc).toBeGreaterThan(0.8);
    expect(r.similarity).toBeGreaterThan(80);
    expect(r.euclidean_distance).toBeLessThan(0.5);
    expect(r.gps_distance).toBeGreaterThan(5);
    expect(r.gps_distance).toBeLessThan(20);
  });

  it('aligns across clock skew within 1.5 s', () => {
    const r = verifyPresence(syntheticCase({ skewMs: -1200 }));
    expect(r.verdict).toBe('present');
    expect(r.details.ambientLagMs).toBeCloseTo(-1200, -2);
  });

  it('rejects a recording without the tone (T1) and one from another room with the tone (T4)', () => {
    const noTone = verifyPresence(syntheticCase({ toneGain: 0 }));
    expect(noTone.verdict).toBe('absent');
    expect(noTone.reasons).toContain('tone_not_detected');
    const elsewhere = verifyPresence(syntheticCase({ otherRoom: true }));
    expect(elsewhere.verdict).toBe('absent');
    expect(elsewhere.reasons).toEqual(['ambient_mismatch']);
  });

  it('rejects the tone of another session (T3)', () => {
    const input = syntheticCase();
    const other = syntheticCase({ toneSeed: 77 });
    const r = verifyPresence({ ...input, tone: other.tone });
    expect(r.verdict).toBe('absent');
    expect(r.reasons).toContain('tone_not_detected');
  });

  it('falls back to tone and geofence when no teacher audio covers the window', () => {
    const r = verifyPresence({ ...syntheticCase(), teacherChunks: [] });
    expect(r.similarity).toBeNull();
    expect(r.euclidean_distance).toBeNull();
    expect(r.reasons).toEqual(['no_teacher_audio']);
    expect(r.verdict).toBe('present');
  });

  it('applies the geofence with the accuracy allowance capped', () => {
    const input = syntheticCase();
    // 133 m away: outside 100 m, inside 100 m + 50 m of accuracy allowance.
    const near = { latitude: input.classroom!.latitude + 0.0012, longitude: input.classroom!.longitude };
    expect(verifyPresence({ ...input, position: { ...near, accuracyM: 10 } }).reasons).toContain(
      'outside_geofence',
    );
    expect(verifyPresence({ ...input, position: { ...near, accuracyM: 80 } }).verdict).toBe('present');
    // 167 m away: a claimed 5 km accuracy does not stretch the fence past the 50 m cap.
    const far = { latitude: input.classroom!.latitude + 0.0015, longitude: input.classroom!.longitude };
    expect(verifyPresence({ ...input, position: { ...far, accuracyM: 5000 } }).reasons).toContain(
      'outside_geofence',
    );
    const { position: _omit, ...withoutPosition } = input;
    expect(verifyPresence(withoutPosition).reasons).toContain('position_missing');
    const { classroom: _room, ...withoutRoom } = input;
    const r = verifyPresence(withoutRoom);
    expect(r.reasons).toEqual(['geofence_unavailable']);
    expect(r.gps_distance).toBeNull();
  });

  it('flags short and clipped recordings', () => {
    expect(verifyPresence(syntheticCase({ seconds: 2 })).reasons).toContain('recording_too_short');
    const input = syntheticCase();
    const loud = new Float32Array(48000 * 5).map((_, i) => (i % 100 < 50 ? 1 : -1));
    const r = verifyPresence({ ...input, studentWav: encodeWav(loud, 48000) });
    expect(r.reasons).toContain('clipped_recording');
    expect(r.verdict).toBe('absent');
  });

  it('honours threshold overrides', () => {
    const r = verifyPresence({ ...syntheticCase(), thresholds: { similarityMin: 101 } });
    expect(r.reasons).toEqual(['ambient_mismatch']);
  });

  it('throws PresenceInputError for unusable audio', () => {
    expect(() => verifyPresence({ ...syntheticCase(), studentWav: new Uint8Array([1, 2, 3]) })).toThrow(
      PresenceInputError,
    );
  });
});

describe('teacherWindow', () => {
  it('keeps chunks that may overlap the skew-widened window and drops heartbeats', () => {
    const chunks = Array.from({ length: 20 }, (_, k) => ({
      timestampMs: EPOCH_MS + k * 1000,
      bytes: new Uint8Array(k === 5 ? 0 : 4),
    }));
    const kept = teacherWindow(chunks, EPOCH_MS + 8000, 5000, 1500).map(
      (c) => (c.timestampMs - EPOCH_MS) / 1000,
    );
    // 15 stays: a WAV chunk stamped 15 s (its end) covers 14-15 s, inside the window's 14.5 s end.
    expect(kept).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(
      teacherWindow(chunks, EPOCH_MS + 3000, 5000, 1500).map((c) => (c.timestampMs - EPOCH_MS) / 1000),
    ).not.toContain(5);
  });
});
