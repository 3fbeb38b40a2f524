import type { TokenPair } from '@rollbook/contract';

/** The query parameters with which the mobile app asks the login page for tokens. */
export interface AppRedirectParams {
  redirectUri: string | null;
  fromApp: string | null;
  deviceId: string | null;
}

/** Reads `redirect_uri`, `from_app` and `device_id` from the login page's query string. */
export function readAppRedirectParams(search: URLSearchParams): AppRedirectParams {
  const get = (name: string) => search.get(name) || null;
  return { redirectUri: get('redirect_uri'), fromApp: get('from_app'), deviceId: get('device_id') };
}

/** The hand-off happens only when all three parameters are present (product spec §4 Login). */
export function isAppHandOff(params: AppRedirectParams): boolean {
  return Boolean(params.redirectUri && params.fromApp && params.deviceId);
}

const SCRIPT_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:']);

/**
 * Whether tokens may be sent to this address. With an allow-list, the address must start with one
 * of its prefixes; without one, only the site's own origin and app deep links (custom schemes such
 * as `rollbook://`) qualify, so a crafted login link cannot ship tokens to another web site.
 * Script-capable schemes are always refused.
 */
export function isAllowedAppRedirect(uri: string, allowlist: readonly string[], siteOrigin: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (SCRIPT_SCHEMES.has(url.protocol)) return false;
  if (allowlist.length > 0) return allowlist.some((prefix) => uri.startsWith(prefix));
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin === siteOrigin;
  return true;
}

/**
 * The address the browser goes to after an app login: the redirect URI with `access_token` and
 * `refresh_token` appended (the original client sent the access token twice; contract §12.15).
 */
export function appRedirectUrl(uri: string, pair: TokenPair): string {
  const query = new URLSearchParams({ access_token: pair.access, refresh_token: pair.refresh });
  return `${uri}${uri.includes('?') ? '&' : '?'}${query.toString()}`;
}
