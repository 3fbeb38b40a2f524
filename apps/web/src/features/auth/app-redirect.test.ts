import { describe, expect, it } from 'vitest';
import { appRedirectUrl, isAllowedAppRedirect, isAppHandOff, readAppRedirectParams } from './app-redirect';

describe('app hand-off', () => {
  it('needs all three query values', () => {
    expect(
      isAppHandOff(readAppRedirectParams(new URLSearchParams('redirect_uri=a://b&from_app=1&device_id=d'))),
    ).toBe(true);
    expect(isAppHandOff(readAppRedirectParams(new URLSearchParams('redirect_uri=a://b&from_app=1')))).toBe(
      false,
    );
  });

  it('sends the refresh token as refresh_token (not the access token twice)', () => {
    const url = new URL(appRedirectUrl('rollbook://auth?x=1', { access: 'AAA', refresh: 'RRR' }));
    expect(url.searchParams.get('access_token')).toBe('AAA');
    expect(url.searchParams.get('refresh_token')).toBe('RRR');
    expect(url.searchParams.get('x')).toBe('1');
  });

  it('allows deep links and the own origin, refuses other sites and script schemes', () => {
    const origin = 'https://rollbook.example';
    expect(isAllowedAppRedirect('rollbook://auth', [], origin)).toBe(true);
    expect(isAllowedAppRedirect('https://rollbook.example/app', [], origin)).toBe(true);
    expect(isAllowedAppRedirect('https://evil.example/steal', [], origin)).toBe(false);
    expect(isAllowedAppRedirect('javascript:alert(1)', [], origin)).toBe(false);
    expect(isAllowedAppRedirect('not a url', [], origin)).toBe(false);
  });

  it('uses the allow-list when one is configured', () => {
    const origin = 'https://rollbook.example';
    expect(
      isAllowedAppRedirect('https://app.partner.example/cb', ['https://app.partner.example/'], origin),
    ).toBe(true);
    expect(isAllowedAppRedirect('rollbook://auth', ['https://app.partner.example/'], origin)).toBe(false);
  });
});
