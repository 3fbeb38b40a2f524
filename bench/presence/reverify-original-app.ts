// Re-verifies, with this tree's code, every stored outcome of the original app (its looped file
// bounded by its download): what presence-0024 changed (the bounds never prove the moment, a fit
// elsewhere in the loop goes to review) acts on a file's playback only, so every other outcome stands
// as stored. Exact for changes that leave our client's live schedule alone.
// Run: npx tsx bench/presence/reverify-original-app.ts <outcomes.jsonl[.gz]> <out.jsonl>
import { reverifyStored } from './reverify';

reverifyStored('reverify-original-app.ts', (o) => o.spec.client === 'flutter16');
