import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the contract's schemas (every route is registered with them), browsable at
 * /api/docs and downloadable at /api/docs/json.
 */
export default fp(
  async function openapiPlugin(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Rollbook API',
          version: '1.0.0',
          description:
            'The wire contract of Rollbook (compatible with the original clients). Successful replies use the envelope ' +
            '`{ data, error: false, message: null }`; failures `{ data: null, error: true, message, code }`. ' +
            'Paths are accepted with and without their trailing slash. Live attendance uses socket.io, namespace `/client`.',
        },
        servers: [{ url: '/' }],
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
  },
  { name: 'openapi' },
);
