import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sha256, toHex } from '../schedule/sha256';

/**
 * A short hash of the corpus model's source (src/corpus/*.ts). Calibration and report print it:
 * equal hashes show the model was frozen between the two runs.
 */
export function corpusFingerprint(): string {
  const dir = fileURLToPath(new URL('../corpus/', import.meta.url));
  const names = readdirSync(dir)
    .filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))
    .sort();
  const text = names.map((n) => `${n}\n${readFileSync(`${dir}${n}`, 'utf8')}`).join('\n');
  return toHex(sha256(new TextEncoder().encode(text))).slice(0, 16);
}
