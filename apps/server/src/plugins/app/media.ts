import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { mkdir } from 'node:fs/promises';

/**
 * Folder of students' recordings kept for the teacher's review: personal data, never served here
 * (the sessions module plays them to the session's teacher only). Same name as the sessions
 * module's RECORDINGS_FOLDER; a plugin may not import a module.
 */
const PRIVATE_FOLDERS = ['recordings'];

/**
 * Serves generated media (session tones) publicly under /api/media/: the original client fetches the
 * tone with a plain fetch and no Authorization header. Names are unguessable random slugs. Private
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
