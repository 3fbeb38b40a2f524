import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../config/config';
import type { Db } from '../db/client';
import { inviteProfiles } from '../domain/invitations';
import { systemClock } from '../lib/clock';
import { createMailer } from '../lib/mailer';

/** Sends the set-password invitations to people an import created. */
export type Inviter = (
  db: Db,
  institutionId: number,
  profileIds: number[],
) => Promise<{ invited: number; failed: number }>;

/**
 * The invitation sender for `import --invite`: the server's own invitations (domain/invitations.ts)
 * through the configured mailer (SMTP_URL, else `.eml` files in DATA_DIR/outbox), with links to
 * PUBLIC_URL. The institution is the one the import wrote to; the people are those it created.
 */
export function loadInviter(): Inviter {
  return async (db, _institutionId, profileIds) => {
    const config = loadConfig();
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: pino({ level: 'warn' }),
    });
    try {
      const outcome = await inviteProfiles({ db, mailer, config, clock: systemClock }, profileIds);
      return { invited: outcome.sent, failed: outcome.failed };
    } finally {
      mailer.close();
    }
  };
}
