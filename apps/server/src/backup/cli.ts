import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/config';
import { backup, BackupError, restore } from './backup';

const HELP = `Backups of Rollbook's database, for the database the environment names (DATABASE_URL, else
the embedded PGlite database in DATA_DIR):

  npm run backup -- [--out FILE]          write a backup (default: backups/rollbook-<time>.<ext>)
  npm run restore -- --from FILE [--force] restore one (--force replaces a database that has data)

PostgreSQL: pg_dump's custom format (made while the server runs), restored with pg_restore.
PGlite: a tarball of the database folder; stop the server first (it refuses while the server runs).
Restore, then start the server: it applies any newer migrations itself.
`;

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: {
      out: { type: 'string' },
      from: { type: 'string' },
      force: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help || (command !== 'backup' && command !== 'restore')) {
    process.stdout.write(HELP);
    if (!values.help) process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const out = path.resolve(
      values.out ?? path.join('backups', `rollbook-${stamp}.${target.databaseUrl ? 'pgdump' : 'tar.gz'}`),
    );
    await backup(target, out);
    process.stdout.write(`Backup written to ${out}\n`);
    return;
  }
  if (!values.from) throw new BackupError('Name the backup to restore: npm run restore -- --from FILE');
  await restore(target, path.resolve(values.from), values.force);
  process.stdout.write(`Restored ${values.from}. Start the server: it applies any newer migrations.\n`);
}

main().catch((err: unknown) => {
  const message = err instanceof BackupError || err instanceof TypeError ? err.message : String(err);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
