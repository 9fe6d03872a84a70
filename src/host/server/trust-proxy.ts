import net from 'node:net';

/** Express's `trust proxy` value: all proxies (true), a hop count, or a comma list of addresses and subnets. */
export type TrustProxy = boolean | number | string;

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Reads AUTHPAY_TRUST_PROXY in Express's trust-proxy syntax: `true`/`false`, a hop count (`1`), or a comma
 * list of `loopback`, `linklocal`, `uniquelocal`, addresses and subnets (`10.0.0.0/8`, `fd00::/8`,
 * `192.168.0.0/255.255.0.0`). Checked here so a typo stops the start with a clear message instead of
 * failing in the middle of Express's set-up; absent or empty means undefined (the default, loopback).
 */
export function parseTrustProxy(text: string | undefined): TrustProxy | undefined {
  const value = text?.trim();
  if (!value) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !NAMED_RANGES.has(entry) && !isAddressOrSubnet(entry));
  if (bad !== undefined)
    throw new Error(
      `AUTHPAY_TRUST_PROXY: "${bad}" is neither loopback, linklocal, uniquelocal, an IP address nor a subnet `
        + '(use true, a hop count, or a comma list such as "loopback, 10.0.0.0/8")',
    );
  return entries.join(',');
}

function isAddressOrSubnet(entry: string): boolean {
  const [address, range, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && net.isIPv4(range);
}
