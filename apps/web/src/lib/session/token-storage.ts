import type { TokenPair } from '@rollbook/contract';

/** localStorage keys of contract §3.2, shared with the original client. */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  callbackUrl: 'callbackUrl',
  fromApp: 'fromApp',
} as const;

function read(key: string): string | null {
  const value = globalThis.localStorage?.getItem(key) ?? null;
  // The original client stored `String(undefined)` after failed logins; treat it as nothing.
  return value === null || value === '' || value === 'undefined' || value === 'null' ? null : value;
}

/** The stored token pair; each token is null when absent (the literal "undefined" counts as absent). */
export function readStoredTokens(): { access: string | null; refresh: string | null } {
  return { access: read(STORAGE_KEYS.accessToken), refresh: read(STORAGE_KEYS.refreshToken) };
}

/** Stores both tokens raw (without the word Bearer), as the original client did. */
export function writeStoredTokens(pair: TokenPair): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, pair.access);
  localStorage.setItem(STORAGE_KEYS.refreshToken, pair.refresh);
}

/** Remembers the mobile-app hand-off values of the last login (empty strings when absent). */
export function writeStoredAppRedirect(callbackUrl: string, fromApp: string): void {
  localStorage.setItem(STORAGE_KEYS.callbackUrl, callbackUrl);
  localStorage.setItem(STORAGE_KEYS.fromApp, fromApp);
}

/** Forgets tokens and the app hand-off values, leaving any other stored data alone. */
export function clearStoredSession(): void {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
}
