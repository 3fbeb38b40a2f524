import { AppError } from '../lib/app-error';
import { err, out, UsageError, type Command } from './cli-support';
import { adminAdd } from './commands/admin-add';
import { importCommand } from './commands/import';
import { institutionCreate } from './commands/institution-create';

const COMMANDS: Command[] = [institutionCreate, importCommand, adminAdd];

const HELP = `Usage: npm run rollbook -- <command> [options]    (--help after a command for its options)

Operator commands on the configured database: PostgreSQL with DATABASE_URL, else the embedded
database in DATA_DIR (default ./data; stop the server first, the embedded database is used by one
process at a time). Pending migrations are applied first.

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(20)}${c.summary}`).join('\n')}

Start a real institution: institution create, then import its workbook (docs/institution-workbook.md).`;

/** The command named by the first words of `argv`, and the arguments after them. */
function commandOf(argv: string[]): { command: Command; rest: string[] } | undefined {
  for (const command of COMMANDS) {
    const words = command.name.split(' ');
    if (words.every((w, i) => argv[i] === w)) return { command, rest: argv.slice(words.length) };
  }
  return undefined;
}

/** Runs one command line; answers the process exit code (0 done, 1 failed, 2 wrong usage). */
export async function runCli(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    out(HELP);
    return argv.length === 0 ? 2 : 0;
  }
  const found = commandOf(argv);
  if (!found) {
    err(`Unknown command: ${argv.join(' ')}\n\n${HELP}`);
    return 2;
  }
  const { command, rest } = found;
  if (rest.includes('--help') || rest.includes('-h')) {
    out(command.help);
    return 0;
  }
  try {
    return await command.run(rest);
  } catch (e) {
    if (e instanceof UsageError) {
      err(`${command.name}: ${e.message}\n\n${command.help}`);
      return 2;
    }
    if (e instanceof AppError) {
      err(`${command.name}: ${e.message}`);
      return 1;
    }
    err(`${command.name} failed: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}

runCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    err(`rollbook failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 1;
  },
);
