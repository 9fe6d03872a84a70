import net from 'node:net';

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const STRICT_IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);

/** Dotted-quad IPv4 only: no leading zeros, hex, octal or shortened forms that URL parsers also accept. */
export function isStrictIPv4(host: string): boolean {
  return STRICT_IPV4.test(host);
}

/**
 * WHATWG URL hosts whose last label is a number (decimal or 0x-hex) are parsed as IPv4, so such a name can
 * never be a DNS host: it is either a strict dotted quad or refused.
 */
export function endsInNumber(host: string): boolean {
  const last = host.slice(host.lastIndexOf('.') + 1);
  return /^(?:\d+|0x[0-9a-f]*)$/i.test(last);
}

export function ipv4Bytes(host: string): number[] {
  return host.split('.').map(Number);
}

/**
 * Canonical bracketed form ("[::1]", lower case, RFC 5952 compression, as URL.hostname prints it), or
 * undefined when `inner` is not an IPv6 address. Zone ids ("%eth0") are refused: they name an interface of
 * one machine, not a site.
 */
export function canonicalIPv6(inner: string): string | undefined {
  if (inner.includes('%') || !net.isIPv6(inner)) return undefined;
  return new URL(`http://[${inner}]/`).hostname;
}

/** The 16 bytes of an IPv6 address given with or without brackets (embedded dotted quads included). */
export function ipv6Bytes(address: string): number[] {
  const text = address.replace(/^\[|\]$/g, '');
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const groups = (part: string | undefined): number[] => (part ? part.split(':').flatMap(groupBytes) : []);
  const front = groups(head);
  const back = groups(tail);
  const zeros = new Array<number>(16 - front.length - back.length).fill(0);
  return [...front, ...zeros, ...back];
}

function groupBytes(group: string): number[] {
  if (group.includes('.')) return ipv4Bytes(group);
  const value = parseInt(group, 16);
  return [value >> 8, value & 0xff];
}

/** True when the first `bits` bits of `bytes` equal those of `prefix` (both at least ceil(bits / 8) long). */
export function inPrefix(bytes: number[], prefix: number[], bits: number): boolean {
  for (let i = 0; i < bits; i += 8) {
    const take = Math.min(8, bits - i);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((bytes[i / 8] & mask) !== (prefix[i / 8] & mask)) return false;
  }
  return true;
}
