import { describe, expect, it } from 'vitest';
import { planCases } from '../corpus/cases';
import { evaluateCorpus } from './evaluate-corpus';
import { formatReport } from './report';

describe('corpus planning', () => {
  it('is reproducible from the seed and covers every class', () => {
    const a = planCases(200, 5);
    expect(planCases(200, 5)).toEqual(a);
    expect(planCases(200, 6)).not.toEqual(a);
    const classes = new Set(a.map((s) => s.cls));
    expect([...classes].sort()).toEqual(['T1', 'T2', 'T3', 'T4', 'present']);
    for (const s of a) {
      expect(Math.abs(s.skewMs)).toBeLessThanOrEqual(1500);
      if (s.distanceM !== null) expect(s.distanceM).toBeGreaterThanOrEqual(1);
    }
  });
});

// A small corpus end to end (rendering is the slow part, so two workers share it). The full 2,000+
// case run is `presence evaluate-v1`, recorded in bench/presence/RESULTS.md.
describe('evaluateCorpus', { timeout: 120_000 }, () => {
  it('separates present students from attacks on a small seeded corpus', async () => {
    const { report, outcomes } = await evaluateCorpus({ cases: 32, seed: 3, workers: 2 });
    expect(outcomes).toHaveLength(32);
    expect(report.cases).toBe(32);
    // Every attack class is in the corpus, and none of its cases was accepted.
    expect(report.falseAcceptByClass.map((row) => row.group)).toEqual(['T1', 'T2', 'T3', 'T4']);
    for (const row of report.falseAcceptByClass) {
      expect(row.cases, row.group).toBeGreaterThan(0);
      expect(row.errors, row.group).toBe(0);
    }
    // Present students up to 15 m: the target is at most 1 % rejected, so none of these few may be.
    const lecture = report.falseRejectUpTo15m;
    expect(lecture.cases).toBeGreaterThan(5);
    expect(lecture.errors).toBe(0);
    expect(report.targets).toEqual({ falseRejectUpTo15m: true, falseAcceptPerClass: true });
    // The timing line summarises the cases' own verification times (no speed is asserted here:
    // that is bench/presence's business).
    const times = outcomes.map((o) => o.verifyMs).sort((a, b) => a - b);
    expect(report.timingMs).toEqual({
      p50: times[Math.floor(times.length * 0.5)],
      p90: times[Math.floor(times.length * 0.9)],
      p99: times[Math.floor(times.length * 0.99)],
      max: times[times.length - 1],
    });
    expect(formatReport(report)).toContain('false accept per attack class');
  });
});
