import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { corpusFingerprint } from '../evaluate/corpus-fingerprint';
import { evaluateProofCorpus } from '../evaluate/proof-evaluate';
import type { ProofOutcome } from '../evaluate/proof-outcome';
import { formatMargins, formatProofReport, summarizeProof } from '../evaluate/proof-report';
import { resolveProofThresholds } from '../proof/proof-thresholds';
import { UsageError } from './verify-command';

export const EVALUATE_PROOF_USAGE = `presence evaluate [--cases 3000] [--seeds 12,13] [--workers 2] [--outcomes run.jsonl] [--json report.json] [--from run.jsonl ...]
  v2 corpus: every attack class of issue 17, rates with 95 % upper bounds; --from re-reports saved outcomes (.jsonl or .jsonl.gz)`;
export const CALIBRATE_USAGE = `presence calibrate [--cases 1000] [--seed 7] [--workers 2] [--outcomes run.jsonl] [--from run.jsonl]
  prints the margins each threshold of proof-thresholds.ts was set from`;

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${name} must be a positive integer`);
  return n;
}

async function readOutcomes(paths: string[]): Promise<ProofOutcome[]> {
  const out: ProofOutcome[] = [];
  for (const p of paths) {
    const bytes = await readFile(p);
    const text = (p.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
    for (const l of text.split('\n')) if (l.trim()) out.push(JSON.parse(l) as ProofOutcome);
  }
  return out;
}

async function run(
  seeds: number[],
  cases: number,
  workers: number,
  outcomesPath: string | undefined,
  log: (line: string) => void,
): Promise<ProofOutcome[]> {
  const all: ProofOutcome[] = [];
  if (outcomesPath) await writeFile(outcomesPath, '');
  const started = performance.now();
  for (const seed of seeds) {
    let shown = 0;
    const outcomes = await evaluateProofCorpus({
      cases,
      seed,
      workers,
      onOutcome: (o, done, total) => {
        if (outcomesPath) void appendFile(outcomesPath, `${JSON.stringify(o)}\n`);
        if (done - shown >= Math.max(1, Math.floor(total / 20)) || done === total) {
          shown = done;
          log(
            `  seed ${seed}: ${done}/${total} cases (${((performance.now() - started) / 1000).toFixed(0)} s)`,
          );
        }
      },
    });
    all.push(...outcomes);
  }
  return all;
}

/** `presence evaluate`: the v2 report on unseen seeds. */
export async function evaluateProofCommand(argv: string[], log: (line: string) => void): Promise<string> {
  const { values } = parseArgs({
    args: argv,
    options: {
      cases: { type: 'string' },
      seeds: { type: 'string' },
      workers: { type: 'string' },
      outcomes: { type: 'string' },
      json: { type: 'string' },
      from: { type: 'string', multiple: true },
    },
  });
  const corpus = corpusFingerprint();
  let outcomes: ProofOutcome[];
  let seeds: number[];
  if (values.from) {
    outcomes = await readOutcomes(values.from);
    seeds = values.seeds ? values.seeds.split(',').map(Number) : [];
  } else {
    seeds = (values.seeds ?? '12').split(',').map((s) => positiveInt(s, 12, 'seeds'));
    outcomes = await run(
      seeds,
      positiveInt(values.cases, 3000, 'cases'),
      positiveInt(values.workers, 1, 'workers'),
      values.outcomes,
      log,
    );
  }
  const report = summarizeProof(outcomes, seeds, corpus);
  if (values.json) await writeFile(values.json, JSON.stringify(report, null, 2));
  return formatProofReport(report);
}

/** `presence calibrate`: the margins on the calibration seed. */
export async function calibrateCommand(argv: string[], log: (line: string) => void): Promise<string> {
  const { values } = parseArgs({
    args: argv,
    options: {
      cases: { type: 'string' },
      seed: { type: 'string' },
      workers: { type: 'string' },
      outcomes: { type: 'string' },
      from: { type: 'string', multiple: true },
    },
  });
  const seed = positiveInt(values.seed, 7, 'seed');
  const outcomes = values.from
    ? await readOutcomes(values.from)
    : await run(
        [seed],
        positiveInt(values.cases, 1000, 'cases'),
        positiveInt(values.workers, 1, 'workers'),
        values.outcomes,
        log,
      );
  return formatMargins(outcomes, resolveProofThresholds(), corpusFingerprint(), seed);
}
