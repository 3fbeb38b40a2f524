/** The product name shown in page titles and headings. */
export const PRODUCT_NAME = 'Rollbook';

function siteOrigin(): string {
  return globalThis.location?.origin ?? 'http://localhost';
}

/**
 * The absolute base address of the HTTP API. Configurable with `VITE_API_BASE`; a relative value
 * (the default `/api`) is resolved against the site origin because `fetch` in some runtimes
 * (Node, tests) refuses relative URLs.
 */
export function apiBaseUrl(): string {
  const configured = import.meta.env.VITE_API_BASE ?? '/api';
  return new URL(configured, siteOrigin()).toString().replace(/\/$/, '');
}

/**
 * The origin the socket.io client connects to: `VITE_SOCKET_URL`, or the site origin, where the
 * server serves socket.io at `/socket.io/`.
 */
export function socketOrigin(): string {
  return import.meta.env.VITE_SOCKET_URL ?? siteOrigin();
}

/**
 * URL prefixes the login page may send tokens to when the mobile app asks for them; see
 * `docs/decisions/web-app-redirect-allowlist.md`.
 */
export function appRedirectAllowlist(): string[] {
  return (import.meta.env.VITE_APP_REDIRECT_ALLOWLIST ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}
