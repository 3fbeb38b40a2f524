// Re-verifies, with this tree's code, the stored outcomes that the looped file's loop-wide second
// look can alter (presence-0024): the original client's (a looped file whose bounds come from its
// download) refused on the tone or its time. The second look only runs after such a refusal and
// can only turn it into a review, so every other outcome stands as stored.
// Run: npx tsx bench/presence/reverify-file-moved.ts <outcomes.jsonl[.gz]> <out.jsonl>
import { reverifyStored } from './reverify';

const TONE_REFUSALS = new Set(['tone_not_detected', 'tone_too_weak', 'tone_wrong_time']);

reverifyStored(
  'reverify-file-moved.ts',
  (o) => o.spec.client === 'flutter16' && o.reasons.some((r) => TONE_REFUSALS.has(r)),
);
