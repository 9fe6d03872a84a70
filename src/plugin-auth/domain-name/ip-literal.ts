import net from 'node:net';

/*
 * The syntax of IP literals in user input: which texts are addresses, and their one stored form. What an
 * address is for (loopback, private, …) is the host SDK's classifier's business, not this file's.
 */

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

/**
 * Canonical bracketed form ("[::1]", lower case, RFC 5952 compression, as URL.hostname prints it), or
 * undefined when `inner` is not an IPv6 address. Zone ids ("%eth0") are refused: they name an interface of
 * one machine, not a site.
 */
export function canonicalIPv6(inner: string): string | undefined {
  if (inner.includes('%') || !net.isIPv6(inner)) return undefined;
  return new URL(`http://[${inner}]/`).hostname;
}
