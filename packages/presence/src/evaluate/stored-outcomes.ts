import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { ProofOutcome } from './proof-outcome';

/**
 * The outcomes of a stored evaluation run as written, one JSON line each (`.jsonl`, or gzipped
 * `.jsonl.gz` as committed under bench/presence/runs): not re-judged (see `rejudgedVerdict`).
 */
export function readStoredOutcomes(path: string): ProofOutcome[] {
  const bytes = readFileSync(path);
  return (path.endsWith('.gz') ? gunzipSync(bytes) : bytes)
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as ProofOutcome);
}
