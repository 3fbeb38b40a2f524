// Where off the moment claimed the two-way check finds an attempt's challenge, per class: the study
// behind a possible rule "a challenge heard late by a call's round trip is a relay" (presence-0019
// left such attempts to the teacher's review). For each two-way outcome whose challenge was not
// heard at the moment (the check searched and did not pass), the best fit elsewhere: how many reach
// each score and lateness, so that a threshold's cost (present students within 15 m it would refuse)
// and what it catches (relays and calls it would refuse instead of reviewing) read off one table.
// Run: npx tsx bench/presence/challenge-elsewhere.ts <outcomes.jsonl[.gz]> [...]
import type { ProofOutcome } from '../../packages/presence/src/evaluate/proof-outcome';
import { readStoredOutcomes } from '../../packages/presence/src/evaluate/stored-outcomes';

const paths = process.argv.slice(2);
if (paths.length === 0) throw new Error('usage: challenge-elsewhere.ts <outcomes.jsonl[.gz]> [...]');
const outcomes = paths.flatMap(readStoredOutcomes);
const withField = outcomes.filter((o) => o.challengeElsewhere !== undefined);
if (withField.length === 0) throw new Error('no outcome holds challengeElsewhere (runs before it was kept)');

const SCORES = [4, 5, 6, 8, 10];
// Measured from the earliest allowed arrival: a fit just past the allowed window already reads its
// width (the two-way window is ~0.2-0.4 s wide), so lateness thresholds start above it.
const LATE_MS = [400, 600, 800];
const MAX_LATE_MS = 2500;
const notHeardAtMoment = (o: ProofOutcome) => o.reasons.includes('challenge_not_heard');
const groups: [string, (o: ProofOutcome) => boolean][] = [
  ['present2w <= 15 m', (o) => o.spec.cls === 'present2w' && o.spec.distanceM <= 15],
  ['present2w > 15 m', (o) => o.spec.cls === 'present2w' && o.spec.distanceM > 15],
  ['T2f2w', (o) => o.spec.cls === 'T2f2w'],
  ['T2fcall', (o) => o.spec.cls === 'T2fcall'],
];
const quantiles = (v: number[], digits: number) => {
  const s = [...v].sort((a, b) => a - b);
  const at = (q: number) =>
    s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]!.toFixed(digits) : '-';
  return `p10 ${at(0.1)}, p50 ${at(0.5)}, p90 ${at(0.9)}`;
};
for (const [name, inGroup] of groups) {
  const all = withField.filter(inGroup);
  const missed = all.filter(notHeardAtMoment);
  const found = missed.filter((o) => o.challengeElsewhere);
  console.log(`\n${name}: ${all.length} cases, ${missed.length} with the challenge not heard at the moment`);
  if (found.length === 0) continue;
  console.log(
    `  their best fit elsewhere: offset ms ${quantiles(
      found.map((o) => o.challengeElsewhere!.offsetMs),
      0,
    )}; score ${quantiles(
      found.map((o) => o.challengeElsewhere!.score),
      1,
    )}`,
  );
  for (const late of LATE_MS) {
    const cells = SCORES.map((score) => {
      const n = found.filter(
        (o) =>
          o.challengeElsewhere!.score >= score &&
          o.challengeElsewhere!.offsetMs >= late &&
          o.challengeElsewhere!.offsetMs <= MAX_LATE_MS,
      ).length;
      return `score >= ${score}: ${n}`;
    });
    console.log(`  late ${late}-${MAX_LATE_MS} ms, ${cells.join(', ')}`);
  }
}
