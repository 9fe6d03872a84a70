import { isLocalAddress } from '../../host/sdk/index.js';
import { tryParseDomain, type NormalizedHost } from './normalize-domain.js';

/**
 * Special-use names that never denote a public production site (RFC 2606, 6761, 6762, 8375). A host is a
 * development host when it IS one of them or ends with "." + one of them — never by substring, so
 * `shop.devices.com`, `localhost.com` and `mytest.com` are production hosts.
 */
export const DEVELOPMENT_SUFFIXES = ['localhost', 'test', 'local', 'example', 'invalid', 'home.arpa'] as const;

/**
 * True when the host (raw input or normalized) is a local or private development host: a special-use name,
 * or an address of this machine or a local network by the host's one classifier (loopback, private,
 * shared/CGNAT, link-local, unique-local, unspecified; IPv4-mapped and IPv4-compatible IPv6 as the IPv4
 * address they carry). Input that is not a host is not a development host.
 */
export function isDevelopmentHost(input: string): boolean {
  const parsed = tryParseDomain(input);
  return parsed !== undefined && isDevelopment(parsed);
}

function isDevelopment({ host, type }: NormalizedHost): boolean {
  if (type !== 'dns') return isLocalAddress(host);
  return DEVELOPMENT_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}
