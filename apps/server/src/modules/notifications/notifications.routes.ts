import type { FastifyInstance } from 'fastify';
import { notificationRoutes, ok } from '@rollbook/contract';
import { registerRoute } from '../../lib/routes';
import { createNotificationService } from '../../domain/notifications';

/** The two alert calls of contract §5. */
export async function notificationsModule(app: FastifyInstance) {
  const service = createNotificationService(app.deps.db, app);

  registerRoute(app, notificationRoutes.getAlerts, async ({ auth }) =>
    ok(await service.list(auth.profileId)),
  );

  registerRoute(app, notificationRoutes.markAllAsRead, async ({ auth }) =>
    ok(await service.markAllRead(auth.profileId, app.deps.clock.now())),
  );
}
