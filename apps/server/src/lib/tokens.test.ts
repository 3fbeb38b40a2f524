import { describe, expect, it } from 'vitest';
import { createTokenSigner, TokenInvalidError } from './tokens';

const signer = () =>
  createTokenSigner('a-test-secret-that-is-long-enough-for-hs256', {
    accessSeconds: 60,
    refreshSeconds: 600,
  });
const claims = { userId: 1, sub: 'p-1', ver: 0, obj: {} as never };

describe('access token checks, remembered once verified', () => {
  it('still refuses a remembered token once it expires', async () => {
    const tokens = signer();
    const t0 = Date.parse('2026-11-02T09:00:00Z');
    const token = await tokens.signAccess(claims, t0);
    expect((await tokens.verifyAccess(token, t0 + 1000)).sub).toBe('p-1');
    expect((await tokens.verifyAccess(token, t0 + 59_000)).sub).toBe('p-1');
    await expect(tokens.verifyAccess(token, t0 + 60_000)).rejects.toThrow(
      new TokenInvalidError('Token is expired'),
    );
    await expect(tokens.verifyAccess(token, t0 + 1000)).resolves.toMatchObject({ sub: 'p-1' });
  });

  it('refuses a changed token, a token of another secret and a refresh token, even after a good one', async () => {
    const tokens = signer();
    const now = Date.now();
    const token = await tokens.signAccess(claims, now);
    await tokens.verifyAccess(token, now);
    const [head, body, signature] = token.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), sub: 'p-2' })).toString('base64url')}.${signature}`;
    await expect(tokens.verifyAccess(forged, now)).rejects.toThrow(TokenInvalidError);
    const other = createTokenSigner('another-secret-that-is-long-enough-for-hs256', {
      accessSeconds: 60,
      refreshSeconds: 600,
    });
    await expect(other.verifyAccess(token, now)).rejects.toThrow(TokenInvalidError);
    const refresh = await tokens.signRefresh({ ...claims, jti: 'j', family: 'f' }, now);
    await expect(tokens.verifyAccess(refresh, now)).rejects.toThrow('Token has the wrong type');
  });
});
