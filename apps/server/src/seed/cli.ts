import path from 'node:path';
import { loadConfig } from '../config/config';
import { claimEmbeddedDataDir } from '../backup/server-lock';
import { openDatabase } from '../db/client';
import { truncateAll } from '../db/reset';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo, seedDemoIfEmpty } from './demo';

/** `npm run seed` seeds an empty database; `npm run seed -- --reset` empties it first. */
async function run() {
  const reset = process.argv.includes('--reset');
  const config = loadConfig();
  claimEmbeddedDataDir(config.databaseUrl, config.dataDir);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (reset) {
      await truncateAll(database.db);
      await seedDemo(database.db);
      process.stdout.write('Database reset and demo institution seeded.\n');
    } else if (await seedDemoIfEmpty(database.db)) {
      process.stdout.write('Demo institution seeded.\n');
    } else {
      process.stdout.write(
        `The database already has data (${config.databaseUrl ? 'PostgreSQL' : path.join(config.dataDir, 'pglite')}); use --reset to start over.\n`,
      );
    }
    process.stdout.write(
      `Demo accounts (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')}\n`,
    );
  } finally {
    await database.close();
  }
}

run().catch((err: unknown) => {
  process.stderr.write(`Seeding failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
