import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Serves the built web app. A path naming a file of the build gets that file (hashed assets cached
 * for a year); every other page path gets index.html so the client router can take it (history
 * fallback). Files are looked up per request, so a rebuilt app is served without a restart.
 * The build writes a Brotli (`.br`) and a gzip (`.gz`) copy of every text file; the copy the
 * browser accepts is sent as is, with `Content-Encoding` and `Vary: Accept-Encoding` (set here, as
 * the static plugin's major for Node 20 sets no `Vary`), so nothing is compressed per request. Source maps (`.map`) are answered 404 unless WEB_PUBLIC_SOURCE_MAPS.
 */
export default async function webPlugin(app: FastifyInstance) {
  const dist = app.deps.config.webDist;
  const publicSourceMaps = app.deps.config.webPublicSourceMaps;
  await app.register(fastifyStatic, { root: dist, serve: false, preCompressed: true });

  // Asset and page loads are logged at warn and above only: at info they would bury the API's lines
  // (a page load fetches a dozen files).
  app.get('/*', { logLevel: 'warn' }, async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (isApiPath(urlPath)) return apiNotFound(request.method, urlPath, reply);
    if (!publicSourceMaps && urlPath.endsWith('.map')) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    const file = await builtFile(dist, urlPath);
    if (file) {
      const immutable = file.startsWith(`assets${path.sep}`);
      reply.header(
        'cache-control',
        immutable
          ? 'public, max-age=31536000, immutable'
          : ALWAYS_REVALIDATED.has(file)
            ? 'no-cache'
            : 'public, max-age=300',
      );
      return reply.header('vary', 'Accept-Encoding').sendFile(file, { cacheControl: false });
    }
    if (!(await builtFile(dist, '/index.html'))) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The Rollbook web app is not built yet. Run `npm run build` (npm start does this for you).');
    }
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding')
      .sendFile('index.html', { cacheControl: false });
  });
}

/**
 * Files that name a build rather than being named by one: the service worker (a new one is how a
 * deploy reaches installed apps), the web app manifest and the offline page. Always revalidated,
 * so a deploy is seen at once (docs/decisions/web-0003-installable-app.md).
 */
const ALWAYS_REVALIDATED = new Set(['sw.js', 'manifest.webmanifest', 'offline.html']);

/** The build-relative path of an existing file the URL names, or null (never outside the build). */
async function builtFile(dist: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const absolute = path.resolve(dist, `.${decoded}`);
  if (!absolute.startsWith(dist + path.sep)) return null;
  try {
    return (await stat(absolute)).isFile() ? path.relative(dist, absolute) : null;
  } catch {
    return null;
  }
}

function isApiPath(urlPath: string): boolean {
  return urlPath === '/api' || urlPath.startsWith('/api/') || urlPath.startsWith('/socket.io');
}

function apiNotFound(method: string, urlPath: string, reply: FastifyReply) {
  return reply
    .status(404)
    .send({ data: null, error: true, message: `No API call at ${method} ${urlPath}`, code: 'not_found' });
}
