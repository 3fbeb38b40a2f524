import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NOTIFICATION_TYPE_CODES } from '@rollbook/contract';
import { truncateAll } from '../../db/reset';
import { seedDemo } from '../../seed/demo';
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
  typed.post('/__e2e__/reset', { schema: { hide: true } }, async () => {
    await truncateAll(app.deps.db);
    // Sign-in counters and reset-request claims belong to the data being reset.
    await app.throttle.reset();
    await seedDemo(app.deps.db, { now: app.deps.clock.now() });
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
