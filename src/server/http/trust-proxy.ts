import { isIP } from 'node:net';

/**
 * Which proxies may tell us the client's address and protocol (`X-Forwarded-For`/`-Proto`/`-Host`):
 * none, the N nearest hops, or the proxies at these addresses. Never "everyone": then the leftmost
 * `X-Forwarded-For`, which any client writes itself, would become its address (issue 15 item 2).
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for address ranges (loopback 127.0.0.1/8 and ::1, etc.). */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

export const TRUST_PROXY_TRUE_MESSAGE =
  '`true` would let any client choose its own address with an X-Forwarded-For header. ' +
  'Set the number of reverse proxies in front of the server (e.g. TRUST_PROXY=1 for one nginx) ' +
  'or their addresses (e.g. TRUST_PROXY=10.0.0.2 or TRUST_PROXY=loopback,10.0.0.0/8)';

function isProxyAddress(entry: string) {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (isIP(prefix) === family) return true; // a netmask such as 255.255.255.0
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Parses TRUST_PROXY; returns an error message for the env check instead of a value. */
export function parseTrustProxy(raw: string): { value: TrustProxy } | { error: string } {
  const text = raw.trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0') return { value: false };
  if (text === 'true') return { error: TRUST_PROXY_TRUE_MESSAGE };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 10
      ? { value: hops }
      : { error: 'must be a number of proxy hops between 0 and 10, or proxy addresses' };
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0) {
    return {
      error: `must be a number of proxy hops or a comma-separated list of proxy addresses/CIDRs; not an address: ${bad.join(', ')}`,
    };
  }
  return { value: entries };
}

/**
 * The option Fastify takes. A hop count becomes a function: Fastify 5.12 deliberately ignores
 * forwarded headers for a bare number, and Express's semantics are what the README documents —
 * trust the socket peer and the next N − 1 addresses from the right of `X-Forwarded-For`.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false || setting === 0) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}
