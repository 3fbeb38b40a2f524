import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { writeCorpus } from '../corpus/write-corpus';
import { evaluateCorpus } from '../evaluate/evaluate-corpus';
import { formatReport } from '../evaluate/report';
import { UsageError } from './verify-command';

export const EVALUATE_USAGE = `presence evaluate-v1 [--cases 2000] [--seed 1] [--workers 2] [--json report.json] [--write-corpus <dir>]
  --write-corpus  only write the corpus (tone, teacher chunks, student WAV, truth) for 'presence verify'`;

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${name} must be a positive integer`);
  return n;
}

/**
 * `presence evaluate-v1`: generates the seeded v1 corpus and prints false-accept rates per attack class,
 * false-reject rates per distance/noise bucket and timing percentiles; or, with --write-corpus,
 * writes the corpus to a folder so single cases can be audited with `presence verify`.
 */
export async function evaluateCommand(argv: string[], log: (line: string) => void): Promise<string> {
  const { values } = parseArgs({
    args: argv,
    options: {
      cases: { type: 'string' },
      seed: { type: 'string' },
      workers: { type: 'string' },
      json: { type: 'string' },
      'write-corpus': { type: 'string' },
    },
  });
  const cases = positiveInt(values.cases, 2000, 'cases');
  const seed = positiveInt(values.seed, 1, 'seed');
  if (values['write-corpus']) {
    const written = await writeCorpus(values['write-corpus'], cases, seed);
    return `wrote ${written} cases to ${values['write-corpus']}`;
  }
  const workers = positiveInt(values.workers, 1, 'workers');
  let lastShown = 0;
  const started = performance.now();
  const { report } = await evaluateCorpus({
    cases,
    seed,
    workers,
    onProgress: (done, total) => {
      if (done - lastShown >= Math.max(1, Math.floor(total / 20)) || done === total) {
        lastShown = done;
        log(`  ${done}/${total} cases (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      }
    },
  });
  if (values.json) await writeFile(values.json, JSON.stringify(report, null, 2));
  return formatReport(report);
}
