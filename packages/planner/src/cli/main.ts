import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { allocateLoad } from '../allocation/allocate-load';
import type { AllocationInput, PlannerTeacher, TeachingUnit } from '../allocation/types';
import { buildTeachingUnits } from '../allocation/units';
import { planFromManualAssignment } from '../divisions/manual-plan';
import type { ManualPlanInput } from '../divisions/manual-plan';
import { planDivisions } from '../divisions/plan-divisions';
import type { DivisionPlan, DivisionPlanInput } from '../divisions/types';
import type { PlannerSubject } from '../model';
import { isRecord, shown } from '../input-shape';

const USAGE = `Usage:
  planner divisions [--in input.json] [--out plan.json]
      input: { subjects, students, maxDivisionSize, batchPolicy?, timeBudgetMs?, divisionNames?,
               balanceTolerance? }  — or with "divisions": [...] to check a manual plan
  planner allocate [--in input.json] [--out allocation.json]
      input: { units, teachers, defaultMaxHours?, timeBudgetMs?, weights?, allowUnranked? }
             or { plan, subjects, teachers, ... } to derive the units from a division plan
The divisions output carries lower_bound (proven bound on teaching hours), gap ((hours − bound) / hours)
and ms (planning time) next to the plan; the allocate output carries cost, lower_bound (proven bound on
that cost at the reached coverage), gap ((cost − bound) / cost) and ms; each of its teachers carries
fairHours, deviation (load − fair share) and subjectSwitches (distinct subjects − 1), summed up in
report.deviation and report.subjectSwitches.
Reads standard input and writes standard output when --in / --out are omitted.`;

function option(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

/** Reads the input JSON, which must be one object; anything else is an input error (exit code 1). */
function readInput(path: string | undefined): object {
  // Files saved by Windows editors and spreadsheet exports often start with a byte-order mark,
  // which JSON.parse rejects ("Unexpected token").
  const text = readFileSync(path ?? 0, 'utf8').replace(/^\uFEFF/, '');
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    throw new Error(`The input is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isRecord(input))
    throw new Error(
      `The input must be a JSON object (got ${Array.isArray(input) ? 'a list' : shown(input)})`,
    );
  return input;
}

/**
 * Writes the result. A file is written beside its target and renamed over it, so that an
 * interrupted run never leaves half a plan where a whole one was; when the write or the rename
 * fails, what was written beside is removed too.
 */
function writeOutput(path: string | undefined, value: unknown): void {
  const text = `${JSON.stringify(value, null, 2)}\n`;
  if (!path) {
    process.stdout.write(text);
    return;
  }
  const partial = `${path}.partial-${process.pid}`;
  try {
    writeFileSync(partial, text);
    renameSync(partial, path);
  } catch (error) {
    try {
      rmSync(partial, { force: true });
    } catch {
      // The write's own error is the one to report.
    }
    throw error;
  }
}

/** Whether a regular file is at `path` (never throws: it runs on the failure path). */
function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** A plan as the CLI prints it: the claim to check (`lower_bound`, `gap`, `ms`) next to the plan. */
type PrintedPlan = DivisionPlan & { readonly lower_bound: number; readonly ms: number };

async function divisions(input: DivisionPlanInput | ManualPlanInput): Promise<PrintedPlan> {
  const plan =
    'divisions' in input && Array.isArray(input.divisions)
      ? planFromManualAssignment(input)
      : await planDivisions(input);
  return { ...plan, lower_bound: plan.lowerBound, ms: plan.timeMs };
}

async function allocate(
  input: Partial<AllocationInput> & {
    plan?: DivisionPlan;
    subjects?: PlannerSubject[];
    teachers: PlannerTeacher[];
  },
) {
  let units: readonly TeachingUnit[] | undefined = input.units;
  if (!units && input.plan && input.subjects) units = buildTeachingUnits(input.plan, input.subjects);
  if (!units) throw new Error('allocate: give "units", or "plan" and "subjects"');
  const result = await allocateLoad({ ...input, units });
  return { units, ...result, lower_bound: result.lowerBound, ms: result.timeMs };
}

/**
 * Entry point of the `planner` CLI: `divisions` plans (or checks a manual plan) and `allocate`
 * allocates teaching load, both JSON in and JSON out. Returns the process exit code: 0 on
 * success, 1 on invalid input (the message and issues go to standard error), 2 on usage errors.
 */
export async function main(args: readonly string[]): Promise<number> {
  const [command] = args;
  const inPath = option(args, '--in');
  const outPath = option(args, '--out');
  if (command !== 'divisions' && command !== 'allocate') {
    process.stderr.write(`${USAGE}\n`);
    return command === '--help' || command === '-h' ? 0 : 2;
  }
  try {
    const input = readInput(inPath);
    const result =
      command === 'divisions'
        ? await divisions(input as DivisionPlanInput | ManualPlanInput)
        : await allocate(input as Parameters<typeof allocate>[0]);
    writeOutput(outPath, result);
    return 0;
  } catch (error) {
    const issues = (error as { issues?: unknown }).issues;
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    if (issues) process.stderr.write(`${JSON.stringify(issues, null, 2)}\n`);
    // The earlier file is left alone (it may be the only copy of a good plan), but nobody should
    // take it for this run's result.
    if (outPath && isFile(outPath))
      process.stderr.write(`Nothing was written to ${outPath}: the file there is from an earlier run.\n`);
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main(process.argv.slice(2));
}
