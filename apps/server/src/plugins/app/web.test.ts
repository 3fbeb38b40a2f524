import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { useTestApp } from '../../testing/test-app';

// A build folder of the tests' own: the default is the real apps/web/dist, which the browser
// tests and `npm start` serve.
const webDist = (): string => path.join(os.tmpdir(), `rollbook-web-test-${randomUUID()}`);
const t = useTestApp({ webDist: webDist() });
afterAll(() => rm(t.config.webDist, { recursive: true, force: true }));

/** Writes a built file with its precompressed copies, as the web build's precompress plugin does. */
async function writeWithCopies(file: string, text: string) {
  await writeFile(file, text);
  await writeFile(`${file}.br`, brotliCompressSync(text));
  await writeFile(`${file}.gz`, gzipSync(text));
}

describe('web app serving', () => {
  it('serves built files, falls back to index.html for page paths, and never leaves the build folder', async () => {
    const dist = t.config.webDist;
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Rollbook</title>');
    await writeFile(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');

    const page = await t.app.inject({ method: 'GET', url: '/teacher-dashboard/subject-choice?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Rollbook</title>');
    expect(page.headers['cache-control']).toBe('no-cache');

    // A file added after start-up (a rebuild) is served at once.
    await writeFile(path.join(dist, 'assets', 'app-5678.js'), 'console.log(2)');
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-5678.js' })).body).toBe('console.log(2)');

    const escape = await t.app.inject({ method: 'GET', url: '/..%2F..%2Fetc%2Fpasswd' });
    expect(escape.body).not.toContain('root:');

    const api = await t.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: true, data: null });
  });

  it('always revalidates the service worker, the manifest and the offline page; other files cache 5 minutes', async () => {
    const dist = t.config.webDist;
    await mkdir(dist, { recursive: true });
    await writeFile(path.join(dist, 'sw.js'), 'const VERSION = "1";');
    await writeFile(path.join(dist, 'manifest.webmanifest'), '{"name":"Rollbook"}');
    await writeFile(path.join(dist, 'offline.html'), '<h1>You are offline</h1>');
    await writeFile(path.join(dist, 'favicon.svg'), '<svg/>');
    for (const file of ['sw.js', 'manifest.webmanifest', 'offline.html']) {
      const res = await t.app.inject({ method: 'GET', url: `/${file}` });
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['cache-control'], file).toBe('no-cache');
    }
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=300');
  });

  it('sends the precompressed copy the browser accepts, with Content-Encoding, Vary and the same caching', async () => {
    const dist = t.config.webDist;
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    const js = `console.log(${JSON.stringify('x'.repeat(4000))})`;
    const html = `<!doctype html><title>Rollbook</title>${'<p>page</p>'.repeat(200)}`;
    await writeWithCopies(path.join(dist, 'assets', 'big-abcd.js'), js);
    await writeWithCopies(path.join(dist, 'index.html'), html);

    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/big-abcd.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.rawPayload.equals(brotliCompressSync(js))).toBe(true);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/big-abcd.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(gzipSync(js))).toBe(true);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/big-abcd.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(js);

    // The history fallback sends the compressed page too, still never cached without a check.
    const page = await t.app.inject({
      method: 'GET',
      url: '/student-dashboard/attendance',
      headers: { 'accept-encoding': 'br' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.rawPayload.equals(brotliCompressSync(html))).toBe(true);
  });

  it('keeps source maps private unless WEB_PUBLIC_SOURCE_MAPS', async () => {
    const dist = t.config.webDist;
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Rollbook</title>');
    await writeFile(path.join(dist, 'assets', 'app-1234.js.map'), '{"version":3}');
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js.map' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('version');
  });
});

describe('web app serving with WEB_PUBLIC_SOURCE_MAPS', () => {
  const withMaps = useTestApp({ webDist: webDist(), webPublicSourceMaps: true });
  afterAll(() => rm(withMaps.config.webDist, { recursive: true, force: true }));

  it('serves the source maps', async () => {
    const dist = withMaps.config.webDist;
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'assets', 'app-1234.js.map'), '{"version":3}');
    const res = await withMaps.app.inject({ method: 'GET', url: '/assets/app-1234.js.map' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"version":3}');
  });
});
