// Entry of the `presence` CLI: `verify` audits one case, `evaluate` measures the corpus.
import { PresenceInputError } from '../errors';
import { EVALUATE_USAGE, evaluateCommand } from './evaluate-command';
import { UsageError, VERIFY_USAGE, verifyCommand } from './verify-command';

const USAGE = `usage:\n  ${VERIFY_USAGE}\n  ${EVALUATE_USAGE}`;

/** Runs the CLI with `argv` (without node and script) and returns the process exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'verify') {
      process.stdout.write(`${await verifyCommand(rest)}\n`);
      return 0;
    }
    if (command === 'evaluate') {
      process.stdout.write(`${await evaluateCommand(rest, (line) => process.stderr.write(`${line}\n`))}\n`);
      return 0;
    }
    process.stderr.write(`${USAGE}\n`);
    return command === undefined || command === '--help' ? 0 : 64;
  } catch (err) {
    if (err instanceof PresenceInputError) {
      process.stdout.write(`${JSON.stringify({ error: err.message, code: err.code })}\n`);
      return 2;
    }
    if (err instanceof UsageError || (err instanceof TypeError && 'code' in err)) {
      process.stderr.write(`${err.message}\n`);
      return 64;
    }
    throw err;
  }
}

process.exitCode = await main(process.argv.slice(2));
