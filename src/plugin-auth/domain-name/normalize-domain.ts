import { domainToASCII } from 'node:url';
import { invalidDomain } from './domain-errors.js';
import { extractHost } from './extract-host.js';
import { canonicalIPv6, endsInNumber, isStrictIPv4 } from './ip-literal.js';

export const MAX_HOST_LENGTH = 253;
export const MAX_LABEL_LENGTH = 63;

export type HostType = 'dns' | 'ipv4' | 'ipv6';

/** A host in the one form records store: lower case, punycode, no trailing dot; IPv6 bracketed. */
export interface NormalizedHost {
  host: string;
  type: HostType;
}

const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
/** ASCII characters a host may contain before IDN mapping; "%" is refused so nothing is percent-decoded. */
const ALLOWED_ASCII = /^[A-Za-z0-9.-]$/;

/**
 * Accepts a host or a full URL and returns its normalized host, or throws AppError INVALID_DOMAIN.
 * `www.a.com` and `a.com` stay different hosts (DESIGN). Policy details: docs/plugin-auth-rules.md.
 */
export function parseDomain(input: unknown): NormalizedHost {
  if (typeof input !== 'string') throw invalidDomain('须为文本', 'it must be text');
  const raw = extractHost(input);
  if (raw.startsWith('[')) {
    const host = canonicalIPv6(raw.slice(1, -1));
    if (!host) throw invalidDomain('不是有效的 IPv6 地址', 'it is not a valid IPv6 address');
    return { host, type: 'ipv6' };
  }
  for (const ch of raw) {
    if (ch.charCodeAt(0) < 0x80 && !ALLOWED_ASCII.test(ch))
      throw invalidDomain(`主机名中不允许出现字符 "${ch}"`, `the character "${ch}" is not allowed in a host name`);
  }
  // eslint-disable-next-line no-control-regex -- the range \x00-\x7f is all of ASCII, not a stray control character
  const unicode = /[^\x00-\x7f]/.test(raw);
  const mapped = unicode ? domainToASCII(raw) : raw.toLowerCase();
  if (mapped === '') throw invalidDomain('不是有效的国际化域名', 'it is not a valid internationalized domain name');
  const host = mapped.endsWith('.') ? mapped.slice(0, -1) : mapped;
  if (endsInNumber(host)) {
    if (!unicode && isStrictIPv4(host)) return { host, type: 'ipv4' };
    throw invalidDomain('以数字结尾但不是有效的 IPv4 地址', 'it ends in a number but is not a dotted-quad IPv4 address');
  }
  // ASCII input still goes through the IDN check so malformed punycode ("xn--zz") is refused.
  if (!unicode && domainToASCII(host) === '') throw invalidDomain('punycode 标签格式错误', 'it has a malformed punycode label');
  checkDnsName(host);
  return { host, type: 'dns' };
}

export function normalizeDomain(input: unknown): string {
  return parseDomain(input).host;
}

/** The normalized host, or undefined instead of an INVALID_DOMAIN error. */
export function tryParseDomain(input: unknown): NormalizedHost | undefined {
  try {
    return parseDomain(input);
  } catch {
    return undefined;
  }
}

function checkDnsName(host: string): void {
  if (host.length > MAX_HOST_LENGTH)
    throw invalidDomain(`超过 ${MAX_HOST_LENGTH} 个字符`, `it is longer than ${MAX_HOST_LENGTH} characters`);
  for (const label of host.split('.')) {
    if (label.length === 0) throw invalidDomain('含有空的段（".." 或以点开头）', 'it has an empty part (".." or a leading dot)');
    if (label.length > MAX_LABEL_LENGTH)
      throw invalidDomain(`某一段超过 ${MAX_LABEL_LENGTH} 个字符`, `one of its parts is longer than ${MAX_LABEL_LENGTH} characters`);
    if (!LDH_LABEL.test(label))
      throw invalidDomain('每一段只能包含字母、数字和中间的连字符', 'each part may hold only letters, digits and inner hyphens');
  }
}
