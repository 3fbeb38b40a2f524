import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { mkdir } from 'node:fs/promises';

/**
 * Serves generated media (session tones) publicly under /api/media/: the original client fetches the
 * tone with a plain fetch and no Authorization header. Names are unguessable random slugs.
 */
export default async function mediaPlugin(app: FastifyInstance) {
  await mkdir(app.deps.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: app.deps.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: true,
    maxAge: '1h',
  });
}
