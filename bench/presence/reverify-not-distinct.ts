// Re-verifies, with this tree's code, the stored outcomes that presence-0026 (a faint tone must lead
// its chance fits elsewhere) can alter: a tone that passed (toneScoreMin) but scored below
// toneScoreMinAlone, whose best fit outside the allowed range comes within toneDistinctMargin of it.
// The rule reads only those scores, so every other outcome stands as stored.
// Run: npx tsx bench/presence/reverify-not-distinct.ts <outcomes.jsonl[.gz]> <out.jsonl>
import { DEFAULT_PROOF_THRESHOLDS as th } from '../../packages/presence/src/proof/proof-thresholds';
import { leadsTooLittle } from '../../packages/presence/src/proof/tone-checks';
import { reverifyStored } from './reverify';

reverifyStored(
  'reverify-not-distinct.ts',
  (o) =>
    o.toneScore !== null &&
    o.elsewhereScore !== null &&
    o.toneScore >= th.toneScoreMin &&
    leadsTooLittle(o.toneScore, o.elsewhereScore, th),
);
