import { existsSync } from 'node:fs';
import { appendFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { corpusFingerprint } from '../evaluate/corpus-fingerprint';
import { PROOF_CLASSES, type ProofCaseClass } from '../corpus/proof-cases';
import { caseKey, evaluateProofCorpus } from '../evaluate/proof-evaluate';
import { rejudgedVerdict, type ProofOutcome } from '../evaluate/proof-outcome';
import { readStoredOutcomes } from '../evaluate/stored-outcomes';
import { formatMargins, formatProofReport, summarizeProof } from '../evaluate/proof-report';
import { resolveProofThresholds } from '../proof/proof-thresholds';
import { UsageError } from './verify-command';

export const EVALUATE_PROOF_USAGE = `presence evaluate [--per-class 3000] [--classes T1,T2,...] [--seeds 12,13] [--workers 2]
                  [--outcomes run.jsonl [--resume]] [--json report.json] [--from run.jsonl ...]
  v2 corpus: every class of issue 17 (${PROOF_CLASSES.join(', ')}), rates with 95 % upper bounds.
  --classes runs a shard; --resume keeps the outcomes file and skips the cases it holds;
  --from re-reports saved outcomes (.jsonl or .jsonl.gz) without rendering`;
export const CALIBRATE_USAGE = `presence calibrate [--per-class 100] [--classes present2w,...] [--seed 7] [--workers 2]
                   [--outcomes run.jsonl [--resume]] [--from run.jsonl ...]
  prints the margins each threshold of proof-thresholds.ts was set from (--classes: only those
  classes' margins, e.g. after a change that moves only the two-way classes)`;

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--${name} must be a positive integer`);
  return n;
}

/**
 * Stored outcomes, each verdict under today's rules (`rejudgedVerdict`: a rule that moved a reason
 * from absent to review changed no verification, so a run stored before it is re-judged, not
 * re-run); `log` says how many changed.
 */
function readOutcomes(paths: string[], log: (line: string) => void): ProofOutcome[] {
  const out: ProofOutcome[] = [];
  let changed = 0;
  for (const p of paths) {
    for (const stored of readStoredOutcomes(p)) {
      const verdict = rejudgedVerdict(stored);
      if (verdict !== stored.verdict) changed++;
      out.push({ ...stored, verdict });
    }
  }
  if (changed)
    log(`${changed} of ${out.length} stored verdicts differ under today's rules and are re-judged`);
  return out;
}

/**
 * The corpus model the stored outcomes were rendered with, as the report prints it: their recorded
 * fingerprint(s), and this tree's where they differ or were not recorded (a re-print must not pass
 * off this tree's model as the run's).
 */
export function storedCorpus(outcomes: readonly ProofOutcome[], current: string): string {
  const counts = new Map<string, number>();
  for (const o of outcomes) {
    const key = o.corpus ?? 'not recorded';
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  if (counts.size === 1 && counts.has(current)) return `${current} (as stored)`;
  const stored = [...counts.entries()]
    .map(([k, n]) => (counts.size === 1 ? k : `${k} (${n} case${n === 1 ? '' : 's'})`))
    .join(', ');
  return `${stored} as stored; this tree's is ${current}`;
}

function classList(value: string | undefined): ProofCaseClass[] {
  if (value === undefined) return [...PROOF_CLASSES];
  const list = value.split(',').map((c) => c.trim());
  for (const c of list)
    if (!PROOF_CLASSES.includes(c as ProofCaseClass))
      throw new UsageError(`unknown class ${c} (classes: ${PROOF_CLASSES.join(', ')})`);
  return list as ProofCaseClass[];
}

interface RunOptions {
  /** This tree's corpus model (`corpusFingerprint`), written with every outcome. */
  corpus: string;
  seeds: number[];
  perClass: number;
  classes: ProofCaseClass[];
  workers: number;
  outcomesPath: string | undefined;
  resume: boolean;
}

/**
 * Renders and verifies, appending each outcome to the outcomes file as it comes. With `resume`,
 * the file's cases are kept and skipped: a stopped run continues where it was.
 */
async function run(o: RunOptions, log: (line: string) => void): Promise<ProofOutcome[]> {
  const all: ProofOutcome[] = [];
  const done = new Set<string>();
  if (o.outcomesPath && o.resume && existsSync(o.outcomesPath)) {
    const priors = readOutcomes([o.outcomesPath], log);
    const other = priors.find((p) => p.corpus !== undefined && p.corpus !== o.corpus);
    if (other) {
      throw new UsageError(
        `${o.outcomesPath} was rendered with corpus model ${other.corpus}, this tree's is ${o.corpus}: resuming would mix two models; start a new outcomes file`,
      );
    }
    for (const prior of priors) {
      if (done.has(caseKey(prior.spec))) continue;
      done.add(caseKey(prior.spec));
      all.push(prior);
    }
    log(`  resuming: ${done.size} cases already in ${o.outcomesPath}`);
  } else if (o.outcomesPath) await writeFile(o.outcomesPath, '');
  const started = performance.now();
  for (const seed of o.seeds) {
    let shown = 0;
    let writes = Promise.resolve();
    const outcomes = await evaluateProofCorpus({
      perClass: o.perClass,
      seed,
      classes: o.classes,
      skip: done,
      workers: o.workers,
      onOutcome: (outcome, n, total) => {
        const path = o.outcomesPath;
        const line = JSON.stringify({ ...outcome, corpus: o.corpus });
        if (path) writes = writes.then(() => appendFile(path, `${line}\n`));
        if (n - shown >= Math.max(1, Math.floor(total / 50)) || n === total) {
          shown = n;
          log(`  seed ${seed}: ${n}/${total} cases (${((performance.now() - started) / 1000).toFixed(0)} s)`);
        }
      },
    });
    await writes;
    all.push(...outcomes);
  }
  return all;
}

/** `presence evaluate`: the v2 report on unseen seeds. */
export async function evaluateProofCommand(argv: string[], log: (line: string) => void): Promise<string> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'per-class': { type: 'string' },
      classes: { type: 'string' },
      seeds: { type: 'string' },
      workers: { type: 'string' },
      outcomes: { type: 'string' },
      resume: { type: 'boolean' },
      json: { type: 'string' },
      from: { type: 'string', multiple: true },
    },
  });
  let corpus = corpusFingerprint();
  let outcomes: ProofOutcome[];
  let seeds: number[];
  if (values.from) {
    outcomes = readOutcomes(values.from, log);
    seeds = values.seeds ? values.seeds.split(',').map(Number) : [];
    corpus = storedCorpus(outcomes, corpus);
  } else {
    seeds = (values.seeds ?? '12').split(',').map((s) => positiveInt(s, 12, 'seeds'));
    outcomes = await run(
      {
        corpus,
        seeds,
        perClass: positiveInt(values['per-class'], 3000, 'per-class'),
        classes: classList(values.classes),
        workers: positiveInt(values.workers, 1, 'workers'),
        outcomesPath: values.outcomes,
        resume: values.resume ?? false,
      },
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
      'per-class': { type: 'string' },
      classes: { type: 'string' },
      seed: { type: 'string' },
      workers: { type: 'string' },
      outcomes: { type: 'string' },
      resume: { type: 'boolean' },
      from: { type: 'string', multiple: true },
    },
  });
  const seed = positiveInt(values.seed, 7, 'seed');
  const current = corpusFingerprint();
  const outcomes = values.from
    ? readOutcomes(values.from, log)
    : await run(
        {
          corpus: current,
          seeds: [seed],
          perClass: positiveInt(values['per-class'], 100, 'per-class'),
          classes: classList(values.classes),
          workers: positiveInt(values.workers, 1, 'workers'),
          outcomesPath: values.outcomes,
          resume: values.resume ?? false,
        },
        log,
      );
  // Stored outcomes do not say which seed made them: name the files, and the seed only if given.
  const source = values.from
    ? `${values.seed ? `seed ${seed}, ` : ''}from ${values.from.join(', ')}`
    : `seed ${seed}`;
  const corpus = values.from ? storedCorpus(outcomes, current) : current;
  return formatMargins(outcomes, resolveProofThresholds(), corpus, source);
}
