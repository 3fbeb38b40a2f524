import { describe, expect, it } from 'vitest';
import {
  PROOF_CLASSES,
  PROOF_VARIANTS,
  TWO_WAY_CLASSES,
  planProofCasesByClass,
  renderProofCase,
} from '../corpus/proof-cases';
import { TWO_WAY_TONE_TOP_HZ } from '../challenge/challenge-sequence';
import { binomialCdf, upperBound } from './confidence';
import { caseKey, evaluateProofCorpus } from './proof-evaluate';
import { formatMargins, formatProofReport, summarizeProof } from './proof-report';
import { DEFAULT_PROOF_THRESHOLDS } from '../proof/proof-thresholds';

describe('confidence bounds', () => {
  it('gives the exact one-sided 95 % bound', () => {
    // 0 errors in n: 1 - 0.05^(1/n); 0 in 3,000 is just under 0.1 %.
    expect(upperBound(0, 3000)).toBeCloseTo(1 - Math.pow(0.05, 1 / 3000), 6);
    expect(upperBound(0, 3000)).toBeLessThan(0.001);
    expect(upperBound(0, 15)).toBeGreaterThan(0.18);
    // The bound is where seeing this few errors has probability 5 %.
    expect(binomialCdf(3, 500, upperBound(3, 500))).toBeCloseTo(0.05, 4);
    expect(upperBound(5, 5)).toBe(1);
  });
});

describe('v2 corpus planning', () => {
  it('is reproducible from the seed and covers every class and variant', () => {
    const a = planProofCasesByClass(60, 5);
    expect(a).toHaveLength(60 * PROOF_CLASSES.length);
    expect(planProofCasesByClass(60, 5)).toEqual(a);
    expect(planProofCasesByClass(60, 6)).not.toEqual(a);
    const variants = new Set(a.map((s) => `${s.cls}/${s.variant}`));
    for (const [cls, list] of Object.entries(PROOF_VARIANTS))
      for (const v of list) expect(variants).toContain(`${cls}/${v}`);
  });

  it("plays the two-way classes' tone on the two-way band, as the product does (presence-0016)", () => {
    const specs = planProofCasesByClass(60, 5);
    const twoWay = specs.filter((s) => TWO_WAY_CLASSES.includes(s.cls));
    expect(twoWay.length).toBe(180);
    expect(new Set(twoWay.map((s) => s.band))).toEqual(new Set(['low']));
    // The other classes still draw the institution's band (both occur).
    const oneWay = specs.filter((s) => !TWO_WAY_CLASSES.includes(s.cls));
    expect(new Set(oneWay.map((s) => s.band))).toEqual(new Set(['default', 'low']));
    // Even a spec asking for the widest band is rendered on the two-way band.
    const widest = renderProofCase({ ...twoWay[0]!, band: 'widest' }).input.tone.config;
    expect(widest.bandHighHz).toBeLessThanOrEqual(TWO_WAY_TONE_TOP_HZ);
  });

  it("plans a class's cases independently of the other classes (shards and resumes agree)", () => {
    const all = planProofCasesByClass(30, 12);
    const shard = planProofCasesByClass(30, 12, ['T3', 'present2w']);
    expect(shard).toEqual(
      all
        .filter((s) => s.cls === 'T3' || s.cls === 'present2w')
        .sort((a, b) => (a.cls === 'T3' ? -1 : 1) - (b.cls === 'T3' ? -1 : 1)),
    );
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
  });
});

// A few cases end to end (rendering is the slow part); the recorded runs are `presence calibrate`
// and `presence evaluate`, see bench/presence/RESULTS.md.
describe('evaluateProofCorpus', { timeout: 240_000 }, () => {
  it('verifies a small seeded corpus and reports every class with its bound', async () => {
    const outcomes = await evaluateProofCorpus({ perClass: 1, seed: 3, workers: 2 });
    expect(outcomes).toHaveLength(PROOF_CLASSES.length);
    const report = summarizeProof(outcomes, [3], 'test');
    expect(report.falseAcceptByClass.map((r) => r.group)).toEqual([
      'T1',
      'T2',
      'T2f',
      'T2f2w',
      'T2fcall',
      'T2T4',
      'T3',
      'T4',
      'T7',
    ]);
    // Only the full-band relay may pass without the two-way check.
    for (const row of report.falseAcceptByClass)
      if (row.group !== 'T2f') expect(row.errors, row.group).toBe(0);
    // Resuming skips what is done.
    const again = await evaluateProofCorpus({
      perClass: 1,
      seed: 3,
      skip: new Set(outcomes.map((o) => caseKey(o.spec))),
    });
    expect(again).toHaveLength(0);
    // The present student without the two-way check is accepted. (This seed's present2w case has a
    // teacher microphone rolling off at 17.4 kHz: the challenge's band is lost, a measured limit.)
    expect(outcomes.filter((o) => o.spec.cls === 'present').map((o) => o.verdict)).toEqual(['present']);
    expect(report.twoWayRejectByTeacherBand.map((r) => r.group)).toEqual(['teacher mic corner 17-18 kHz']);
    const text = formatProofReport(report);
    expect(text).toContain('95 % upper bound');
    expect(text).not.toMatch(/\bmet\b/);
    const margins = formatMargins(outcomes, DEFAULT_PROOF_THRESHOLDS, 'test', 'seed 3');
    expect(margins).toContain('calibration margins: corpus model test, seed 3,');
    expect(margins).toContain('tone score');
    expect(margins).toContain(`toneScoreMinAlone ${DEFAULT_PROOF_THRESHOLDS.toneScoreMinAlone}`);
    expect(margins).toContain(`toneScoreMinLoopWide ${DEFAULT_PROOF_THRESHOLDS.toneScoreMinLoopWide}`);
    expect(margins).toContain(`toneDistinctMargin ${DEFAULT_PROOF_THRESHOLDS.toneDistinctMargin}`);
  });
});
