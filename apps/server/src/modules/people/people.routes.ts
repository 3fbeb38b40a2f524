import type { FastifyInstance } from 'fastify';
import { institutionPeopleRoutes as routes, ok } from '@rollbook/contract';
import { registerRoute } from '../../lib/routes';
import { createPeopleService } from './people.service';

/**
 * People management for admins: list, add, edit, deactivate, reactivate and invite (issue 15), and a
 * student's division and batches after the term began (people-0001).
 */
export async function peopleModule(app: FastifyInstance) {
  const service = createPeopleService(app.deps);

  registerRoute(app, routes.list, async ({ auth, query }) => ok(await service.list(auth, query)));

  registerRoute(app, routes.options, async ({ auth }) => ok(await service.options(auth)));

  registerRoute(app, routes.add, async ({ auth, body }) => ok(await service.add(auth, body)));

  registerRoute(app, routes.edit, async ({ auth, params, body }) =>
    ok(await service.edit(auth, params.person_slug, body)),
  );

  registerRoute(app, routes.deactivate, async ({ auth, params }) =>
    ok(await service.deactivate(auth, params.person_slug)),
  );

  registerRoute(app, routes.reactivate, async ({ auth, params }) =>
    ok(await service.reactivate(auth, params.person_slug)),
  );

  registerRoute(app, routes.invite, async ({ auth, params }) =>
    ok(await service.invite(auth, params.person_slug)),
  );

  registerRoute(app, routes.placement, async ({ auth, params }) =>
    ok(await service.placement(auth, params.person_slug)),
  );

  registerRoute(app, routes.place, async ({ auth, params, body }) =>
    ok(await service.place(auth, params.person_slug, body)),
  );

  registerRoute(app, routes.inviteNotSignedIn, async ({ auth }) => ok(await service.inviteNotSignedIn(auth)));
}
