import { describe, expect, it } from 'vitest';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { useTestApp } from '../../testing/test-app';

const t = useTestApp();

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
});
