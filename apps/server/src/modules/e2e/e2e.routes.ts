import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NOTIFICATION_TYPE_CODES } from '@rollbook/contract';
import { truncateAll } from '../../db/reset';
import { restoreTableSnapshot, saveTableSnapshot } from '../../db/table-snapshot';
import { isDeadlock, isInsufficientPrivilege } from '../../db/errors';
import { demoDay, seedDemo } from '../../seed/demo';
import { AppError } from '../../lib/app-error';
import { createPeopleRepository } from '../../domain/people.repository';
import { createNotificationService } from '../../domain/notifications';

/**
 * Test-only calls for the browser suite, registered only when E2E_TEST_HOOKS is set: reset the
 * database to the demo institution, raise an alert for one person (no API raises one on demand),
 * and make an admin an institution admin (only the `rollbook` command makes one, and the browser
 * suite's server holds its embedded database, which the command cannot open beside it).
 */
export async function e2eModule(app: FastifyInstance) {
  if (!app.deps.config.e2eTestHooks) return;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const resetToDemo = demoResetter(app.deps.db);
  typed.post('/__e2e__/reset', { schema: { hide: true } }, async () => {
    // Sign-in counters and reset-request claims belong to the data being reset.
    await app.throttle.reset();
    await againAfterDeadlock(() => resetToDemo(app.deps.clock.now()));
    return { data: true, error: false, message: null };
  });
  typed.post(
    '/__e2e__/notify',
    {
      schema: {
        hide: true,
        body: z.object({
          email: z.string(),
          type: z.enum(NOTIFICATION_TYPE_CODES),
          message: z.string().min(1),
        }),
      },
    },
    async (request) => {
      const profileId = await createPeopleRepository(app.deps.db).profileIdByEmail(request.body.email);
      if (profileId === undefined) throw new AppError('not_found', 'Profile not found');
      await createNotificationService(app.deps.db, app).notify({
        profileIds: [profileId],
        type: request.body.type,
        message: request.body.message,
      });
      return { data: true, error: false, message: null };
    },
  );
}

const DEADLOCK_ATTEMPTS = 3;

/**
 * Runs a reset again when PostgreSQL aborted it to break a deadlock. A reset locks every table, so
 * any transaction that holds one table and wants another can meet it in a cycle: the scheduled jobs
 * that tick as the server becomes ready (the retention purge, the alerts) did, against the first
 * reset after start-up. The aborted attempt changed nothing it had not finished, and the next one
 * starts from the top.
 */
async function againAfterDeadlock(reset: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await reset();
    } catch (err) {
      if (!isDeadlock(err) || attempt >= DEADLOCK_ATTEMPTS) throw err;
    }
  }
}

/**
 * Resets the database to the demo as of `now`. The demo is built once per demo day and kept as a
 * table snapshot that later resets put back (a fraction of a build's cost, before every browser
 * test); without a superuser to restore it, every reset builds the demo again.
 */
function demoResetter(db: Db): (now: Date) => Promise<void> {
  let snapshotDay: string | null = null;
  let canRestore = true;
  return async (now) => {
    const day = demoDay(now);
    if (canRestore && snapshotDay === day) {
      try {
        await restoreTableSnapshot(db);
        return;
      } catch (err) {
        if (!isInsufficientPrivilege(err)) throw err;
        canRestore = false;
      }
    }
    await truncateAll(db);
    await seedDemo(db, { now });
    if (!canRestore) return;
    try {
      await saveTableSnapshot(db);
      snapshotDay = day;
    } catch (err) {
      if (!isInsufficientPrivilege(err)) throw err;
      canRestore = false;
    }
  };
}
