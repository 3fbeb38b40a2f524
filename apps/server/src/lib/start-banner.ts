import type { AddressInfo } from 'node:net';

/**
 * The address the server actually listens on (PORT=0 picks a free port; a wildcard HOST is
 * reachable as localhost), for the start banner.
 */
export function boundUrl(address: AddressInfo | string | null): string {
  if (address === null) return 'an unknown address';
  if (typeof address === 'string') return address; // a Unix socket path
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
