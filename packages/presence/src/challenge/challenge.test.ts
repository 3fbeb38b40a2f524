import { describe, expect, it } from 'vitest';
import { KEY, OTHER_KEY, proofCase } from '../../test/proof-fixtures';
import { verifyProof, type ProofResult } from '../proof/verify-proof';
import { teacherSamples } from '../proof/teacher-samples';
import { DEFAULT_SCHEDULE_CONFIG } from '../schedule/tone-schedule';
import { encodePcm16, encodeWav } from '../wav/encode-wav';
import {
  CHALLENGE_SPAN_S,
  challengeConfigFor,
  challengeSchedule,
  deriveChallengeKey,
  synthesizeChallenge,
  twoWayToneConfig,
} from './challenge-sequence';

const challengeOf = (r: ProofResult) => r.checks.find((c) => c.check === 'challenge')!;

describe('the challenge sequence', () => {
  it('is derived from the session key and the attempt, and nothing else', () => {
    const a = deriveChallengeKey(KEY, 'attempt-1');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(deriveChallengeKey(KEY, 'attempt-1')).toBe(a);
    expect(deriveChallengeKey(KEY, 'attempt-2')).not.toBe(a);
    expect(deriveChallengeKey(OTHER_KEY, 'attempt-1')).not.toBe(a);
    expect(a).not.toContain(KEY.slice(0, 16));
    expect(() => deriveChallengeKey(KEY, '')).toThrow(/attempt id/);
    expect(() => deriveChallengeKey('not hex', 'a')).toThrow(/hex/);
  });

  it("sits just above the tone's band, in two slots", () => {
    const c = challengeConfigFor(DEFAULT_SCHEDULE_CONFIG);
    expect([c.bandLowHz, c.bandHighHz, c.slots]).toEqual([20300, 21500, 2]);
    const low = challengeConfigFor({ ...DEFAULT_SCHEDULE_CONFIG, bandLowHz: 16000, bandHighHz: 19000 });
    expect([low.bandLowHz, low.bandHighHz]).toEqual([19300, 20500]);
  });

  it("moves a two-way session's tone down so that it tops out at 19 kHz (presence-0016)", () => {
    const tone = twoWayToneConfig(DEFAULT_SCHEDULE_CONFIG);
    expect([tone.bandLowHz, tone.bandHighHz]).toEqual([16000, 19000]);
    expect({ ...tone, bandLowHz: 0, bandHighHz: 0 }).toEqual({
      ...DEFAULT_SCHEDULE_CONFIG,
      bandLowHz: 0,
      bandHighHz: 0,
    });
    const challenge = challengeConfigFor(tone);
    expect([challenge.bandLowHz, challenge.bandHighHz]).toEqual([19300, 20500]);
    const widest = twoWayToneConfig({ ...DEFAULT_SCHEDULE_CONFIG, bandLowHz: 15000, bandHighHz: 20000 });
    expect([widest.bandLowHz, widest.bandHighHz]).toEqual([14000, 19000]);
    // A band already low enough is the institution's choice: kept as it is.
    const low = { ...DEFAULT_SCHEDULE_CONFIG, bandLowHz: 15500, bandHighHz: 18500 };
    expect(twoWayToneConfig(low)).toBe(low);
  });

  it('synthesises the span the phone plays, quiet and inside its band', () => {
    const config = challengeConfigFor();
    const key = deriveChallengeKey(KEY, 'attempt-1');
    const samples = synthesizeChallenge(key, config, 48000);
    expect(samples.length).toBe(Math.round(CHALLENGE_SPAN_S * 48000));
    const peak = samples.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    expect(peak).toBeGreaterThan(0.4);
    expect(peak).toBeLessThanOrEqual(config.amplitude + 1e-6);
    const chirps = challengeSchedule(key, config).chirpsBetween(0, CHALLENGE_SPAN_S);
    expect(chirps.length).toBeGreaterThanOrEqual(17);
    for (const c of chirps) {
      expect(Math.min(c.startHz, c.endHz)).toBeGreaterThanOrEqual(config.bandLowHz);
      expect(Math.max(c.startHz, c.endHz)).toBeLessThanOrEqual(config.bandHighHz);
    }
  });
});

describe('teacherSamples', () => {
  it('lays raw chunks out at their rate and reports what they cover', () => {
    const second = new Float32Array(8000).fill(0.25);
    const chunks = [
      { timestampMs: 1000, bytes: encodePcm16(second) },
      { timestampMs: 3000, bytes: encodePcm16(second) },
    ];
    const s = teacherSamples(chunks, 1500, 2)!;
    expect(s.sampleRate).toBe(8000);
    expect(s.coverage).toBeCloseTo(0.5, 2);
    expect(s.samples[0]).toBeCloseTo(0.25, 3);
    expect(s.samples[6000]).toBe(0);
    // WAV chunks (the original client's 16 kHz stream) cannot carry the challenge.
    expect(teacherSamples([{ timestampMs: 2000, bytes: encodeWav(second, 16000) }], 1000, 1)).toBeNull();
  });
});

describe('verifyProof with the two-way check', () => {
  it("is present when the room heard the attempt's challenge at the moment claimed", () => {
    const r = verifyProof(proofCase({ challenge: { attemptId: 'a-1' } }));
    expect(r.verdict).toBe('present');
    expect(challengeOf(r).status).toBe('passed');
    expect(r.details.challenge!.selfHeard).toBe(true);
    // The phone's own recording measured when it played (60 ms after the recording started).
    expect(r.details.challenge!.emissionMs.min).toBeLessThanOrEqual(60 + 2);
    expect(r.details.challenge!.emissionMs.max).toBeGreaterThanOrEqual(60 - 2);
    expect(r.details.challenge!.score!).toBeGreaterThan(10);
  });

  it("is heard through a teacher's stream cut off at 20 kHz only on the two-way session's band", () => {
    // A teacher's stream that stops at 20 kHz (a microphone's corner, a 44.1 kHz device's
    // anti-alias filter) loses the challenge above the default 17-20 kHz tone (20.3-21.5 kHz) and
    // sends a present student to review; above the two-way band (19.3-20.5 kHz) enough comes through.
    const cut = { challenge: { attemptId: 'a-6', teacherGain: 0.001 }, teacherLowPassHz: 20000 };
    const onDefault = verifyProof(proofCase(cut));
    expect(onDefault.verdict).toBe('needs_review');
    expect(onDefault.reasons).toEqual(['challenge_not_heard']);
    const onTwoWayBand = verifyProof(proofCase({ ...cut, toneConfig: twoWayToneConfig() }));
    expect(onTwoWayBand.verdict).toBe('present');
    expect(challengeOf(onTwoWayBand).status).toBe('passed');
    expect(onTwoWayBand.details.challenge!.score!).toBeGreaterThan(onDefault.details.challenge!.score! + 3);
  });

  it('is not applicable (and changes nothing) when not requested', () => {
    const r = verifyProof(proofCase());
    expect(challengeOf(r)).toMatchObject({ status: 'not_applicable', reasons: [] });
    expect(r.details.challenge).toBeNull();
  });

  it('never accepts a one-way relay (the room never hears the challenge): the teacher reviews it', () => {
    const r = verifyProof(proofCase({ challenge: { attemptId: 'a-2', teacherGain: 0 } }));
    expect(r.verdict).toBe('needs_review');
    expect(challengeOf(r).status).toBe('review');
    expect(r.reasons).toEqual(['challenge_not_heard']);
  });

  it('is absent when another check fails beside an unheard challenge', () => {
    const far = proofCase({ challenge: { attemptId: 'a-2', teacherGain: 0 } });
    const r = verifyProof({ ...far, position: { latitude: 0, longitude: 0, accuracyM: 10 } });
    expect(r.verdict).toBe('absent');
    expect(r.reasons).toEqual(expect.arrayContaining(['outside_geofence', 'challenge_not_heard']));
  });

  it("never accepts a two-way call: the challenge comes back late by the call's round trip", () => {
    const r = verifyProof(proofCase({ challenge: { attemptId: 'a-3', heardLateMs: 300 } }));
    expect(r.verdict).toBe('needs_review');
    expect(r.reasons).toEqual(['challenge_not_heard']);
    // Further off, the audit trail says where it was heard: about half a second late.
    const slow = verifyProof(proofCase({ challenge: { attemptId: 'a-3', heardLateMs: 500 } }));
    expect(slow.reasons).toEqual(['challenge_not_heard']);
    expect(challengeOf(slow).summary).toMatch(/heard \d+ ms off the moment claimed/);
    expect(slow.details.challenge!.elsewhere!.offsetMs).toBeGreaterThan(400);
    expect(slow.details.challenge!.elsewhere!.offsetMs).toBeLessThan(700);
  });

  it("never accepts another attempt's challenge", () => {
    const heard = proofCase({ challenge: { attemptId: 'a-4' } });
    const r = verifyProof({ ...heard, challenge: { attemptId: 'a-5' } });
    expect(r.verdict).toBe('needs_review');
    // Its own recording does not hold a-5's challenge either (noted), and the room never heard it.
    expect(r.reasons).toEqual(['challenge_self_unheard', 'challenge_not_heard']);
  });

  it("sends to review when the teacher's stream cannot carry it", () => {
    const heard = proofCase({ challenge: { attemptId: 'a-1' } });
    const gone = verifyProof({ ...heard, teacher: { streaming: false, final: true, chunks: [] } });
    expect(gone.verdict).toBe('needs_review');
    expect(gone.reasons).toEqual(['no_teacher_stream', 'challenge_unavailable']);
    const pending = verifyProof({ ...heard, teacher: { streaming: true, final: false, chunks: [] } });
    expect(pending.verdict).toBe('needs_review');
    expect(challengeOf(pending).summary).toMatch(/not arrived/);
  });
});
