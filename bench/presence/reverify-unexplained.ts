// Re-verifies, with this tree's code, the stored outcomes that a change in how strong events are read
// can alter (presence-0021): those with at least one unexplained event. Reading more events as
// explained never adds one, so every other outcome stands as stored. Exact for rules that only
// explain more events.
// Run: npx tsx bench/presence/reverify-unexplained.ts <outcomes.jsonl[.gz]> <out.jsonl>
import { reverifyStored } from './reverify';

reverifyStored('reverify-unexplained.ts', (o) => (o.unexplained ?? 0) > 0);
