import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { mkdir } from 'node:fs/promises';

/**
 * Folders never served here: students' recordings kept for the teacher's review (personal data,
 * played to the session's teacher only) and session tones (served by the sessions module only while
 * their session is live). Same names as the sessions module's folders; a plugin may not import a module.
 */
const PRIVATE_FOLDERS = ['recordings', 'tones'];

/**
 * Serves generated media publicly under /api/media/ (names are unguessable random slugs). Private
 * folders inside the media folder answer 404.
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
    allowedPath: (pathName) => !PRIVATE_FOLDERS.some((f) => pathName.startsWith(`/${f}/`)),
    cacheControl: true,
    maxAge: '1h',
  });
}
