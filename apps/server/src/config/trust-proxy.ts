import { isIP } from 'node:net';

/**
 * Which proxies may tell us the client's address (`X-Forwarded-For`): none (the connection's own
 * address is the client), the nearest `n` hops, or the listed proxy addresses and ranges. Fastify
 * takes each of these forms as its `trustProxy` option.
 */
export type TrustProxy = false | number | string[];

/** Named ranges the address matcher understands besides addresses and CIDRs. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Reads `TRUST_PROXY`: unset, empty, `off`, `false` or `0` trust nobody; a whole number trusts that
 * many hops; otherwise a comma-separated list of proxy addresses, CIDR ranges or the names
 * `loopback`, `linklocal`, `uniquelocal`. `true` is refused: trusting every sender would let any
 * client choose the address the sign-in limits count.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | { error: string } {
  const text = (value ?? '').trim();
  if (text === '' || /^(off|false|0)$/i.test(text)) return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 16 ? hops : { error: 'a hop count must be at most 16' };
  }
  const entries = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrRange(e));
  if (bad.length > 0 || entries.length === 0) {
    return {
      error: `expected off, a hop count, or a comma-separated list of proxy addresses or CIDR ranges (not understood: ${bad.join(', ') || text})`,
    };
  }
  return entries;
}

/**
 * The `trustProxy` option for Fastify. A hop count becomes a function trusting the nearest `n`
 * hops whatever their address, because Fastify itself now refuses bare hop counts (it cannot check
 * who the nearest hop is); that is only safe when clients cannot reach the server except through
 * those proxies, which is what setting a hop count asserts.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  if (trust === 0) return false;
  return (_address, hop) => hop < trust;
}
