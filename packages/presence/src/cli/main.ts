// Entry of the `presence` CLI: `verify` audits one case, `evaluate` measures the corpus.
import { PresenceInputError } from '../errors';
import { EVALUATE_USAGE, evaluateCommand } from './evaluate-command';
import {
  CALIBRATE_USAGE,
  EVALUATE_PROOF_USAGE,
  calibrateCommand,
  evaluateProofCommand,
} from './proof-evaluate-command';
import { UsageError, VERIFY_USAGE, verifyCommand } from './verify-command';
import { ProofUsageError } from './verify-proof-command';

const USAGE = `usage:\n  ${VERIFY_USAGE}\n  ${EVALUATE_PROOF_USAGE}\n  ${CALIBRATE_USAGE}\n  evaluate-v1: the first design's corpus\n  ${EVALUATE_USAGE}`;

/** Runs the CLI with `argv` (without node and script) and returns the process exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'verify') {
      process.stdout.write(`${await verifyCommand(rest)}\n`);
      return 0;
    }
    const log = (line: string): void => {
      process.stderr.write(`${line}\n`);
    };
    if (command === 'evaluate') {
      process.stdout.write(`${await evaluateProofCommand(rest, log)}\n`);
      return 0;
    }
    if (command === 'calibrate') {
      process.stdout.write(`${await calibrateCommand(rest, log)}\n`);
      return 0;
    }
    if (command === 'evaluate-v1') {
      process.stdout.write(`${await evaluateCommand(rest, log)}\n`);
      return 0;
    }
    process.stderr.write(`${USAGE}\n`);
    return command === undefined || command === '--help' ? 0 : 64;
  } catch (err) {
    if (err instanceof PresenceInputError) {
      process.stdout.write(`${JSON.stringify({ error: err.message, code: err.code })}\n`);
      return 2;
    }
    if (
      err instanceof UsageError ||
      err instanceof ProofUsageError ||
      (err instanceof TypeError && 'code' in err)
    ) {
      process.stderr.write(`${err.message}\n`);
      return 64;
    }
    throw err;
  }
}

process.exitCode = await main(process.argv.slice(2));
