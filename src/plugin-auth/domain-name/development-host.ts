import { ipv4Bytes, ipv6Bytes, inPrefix } from './ip-literal.js';
import { tryParseDomain, type NormalizedHost } from './normalize-domain.js';

/**
 * Special-use names that never denote a public production site (RFC 2606, 6761, 6762, 8375). A host is a
 * development host when it IS one of them or ends with "." + one of them — never by substring, so
 * `shop.devices.com`, `localhost.com` and `mytest.com` are production hosts.
 */
export const DEVELOPMENT_SUFFIXES = ['localhost', 'test', 'local', 'example', 'invalid', 'home.arpa'] as const;

type Range = readonly [prefix: number[], bits: number];

/** "This network", RFC 1918 private, shared (CGNAT), loopback and link-local IPv4 ranges. */
const IPV4_RANGES: Range[] = [
  [[0], 8],
  [[10], 8],
  [[100, 64], 10],
  [[127], 8],
  [[169, 254], 16],
  [[172, 16], 12],
  [[192, 168], 16],
];

/** Unspecified, loopback, unique-local (fc00::/7) and link-local (fe80::/10) IPv6 ranges. */
const IPV6_RANGES: Range[] = [
  [new Array(16).fill(0), 128],
  [[...new Array(15).fill(0), 1], 128],
  [[0xfc], 7],
  [[0xfe, 0x80], 10],
];
const IPV4_MAPPED: Range = [[...new Array(10).fill(0), 0xff, 0xff], 96];

/**
 * True when the host (raw input or normalized) is a local or private development host. Input that is not a
 * host is not a development host.
 */
export function isDevelopmentHost(input: string): boolean {
  const parsed = tryParseDomain(input);
  return parsed !== undefined && isDevelopment(parsed);
}

function isDevelopment({ host, type }: NormalizedHost): boolean {
  if (type === 'ipv4') return inAny(ipv4Bytes(host), IPV4_RANGES);
  if (type === 'ipv6') {
    const bytes = ipv6Bytes(host);
    if (inPrefix(bytes, ...IPV4_MAPPED)) return inAny(bytes.slice(12), IPV4_RANGES);
    return inAny(bytes, IPV6_RANGES);
  }
  return DEVELOPMENT_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

function inAny(bytes: number[], ranges: Range[]): boolean {
  return ranges.some(([prefix, bits]) => inPrefix(bytes, prefix, bits));
}
