import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Serves the built web app. Hashed assets are cached for a year; every other GET that is not an API
 * or socket path gets index.html so the client router can take it (history fallback).
 */
export default async function webPlugin(app: FastifyInstance) {
  const dist = app.deps.config.webDist;
  const hasBuild = existsSync(path.join(dist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    // @fastify/static (wildcard off) registered one route per built file; every other page path is
    // the client router's.
    app.get('/*', async (request, reply) => {
      if (isApiPath(request.url)) return apiNotFound(request.method, request.url, reply);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  } else {
    app.get('/*', async (request, reply) => {
      if (isApiPath(request.url)) return apiNotFound(request.method, request.url, reply);
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The Rollbook web app is not built yet. Run `npm run build` (npm start does this for you).');
    });
  }
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || url.startsWith('/socket.io');
}

function apiNotFound(method: string, url: string, reply: FastifyReply) {
  const path = url.split('?')[0] ?? '';
  return reply
    .status(404)
    .send({ data: null, error: true, message: `No API call at ${method} ${path}`, code: 'not_found' });
}
