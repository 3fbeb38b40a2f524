import { runYearCommand } from './year-command';

/**
 * `node --import tsx apps/server/src/cli/year.ts open --institution <CODE> [--dry-run] [--json]`:
 * the `year` command on its own, until it is one subcommand of `npm run rollbook`.
 */
runYearCommand(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`The year command failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
