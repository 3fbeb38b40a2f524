import { beforeEach, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { institutionWorkbookRoutes, timetableExtensionRoutes } from '@rollbook/contract';
import { buildAdmin } from '../../testing/factories';
import { useTestApp } from '../../testing/test-app';
import { tokenFor } from '../../testing/tokens';

const t = useTestApp();

const TEMPLATE = `/api${institutionWorkbookRoutes.getTemplate.path}`;
const SAMPLE_NAMES = `/api${timetableExtensionRoutes.getSampleNames.path}`;

let token: string;
beforeEach(async () => {
  const admin = await buildAdmin(t.db, { institutionAdmin: true });
  token = await tokenFor(t.app, admin.profile);
});

function get(url: string, acceptEncoding?: string) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
  });
}

describe('API reply compression', () => {
  it('sends JSON over 1 kB as Brotli when accepted, else gzip, else as it is, with Vary', async () => {
    const plain = await get(TEMPLATE);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    // The template is generated per call (its zip carries a timestamp): compare what is stable.
    const expected = { error: false, data: { file_name: plain.json().data.file_name } };

    const br = await get(TEMPLATE, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toMatchObject(expected);

    const gzip = await get(TEMPLATE, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toMatchObject(expected);
  });

  it('sends small replies uncompressed', async () => {
    const res = await get(SAMPLE_NAMES, 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ error: false });
  });

  it('does not inflate compressed request bodies (an upload is read as sent)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/api/login/',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'nobody@rollbook.test', password: 'x' })),
    });
    // Inflated, this would be a well-formed sign-in (401); as sent it is not JSON.
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true });
  });
});
