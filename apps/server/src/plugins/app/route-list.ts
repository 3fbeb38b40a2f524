import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** One route as Fastify registered it. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route registered after this plugin, in order: the route-guard walk checks that each is
     * a contract call or on its explicit public list, so nothing answers outside the contract unseen.
     */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

export default fp(
  async function routeListPlugin(app: FastifyInstance) {
    const routes: RegisteredRoute[] = [];
    app.decorate('registeredRoutes', routes);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    });
  },
  { name: 'route-list' },
);
