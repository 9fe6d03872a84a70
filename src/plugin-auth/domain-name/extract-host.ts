import net from 'node:net';
import { invalidDomain } from './domain-errors.js';

/** Longer input is refused before any parsing: no real URL a user pastes for a site is this long. */
export const MAX_DOMAIN_INPUT_LENGTH = 2048;

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;
const AUTHORITY_END = /[/?#\\]/;

/**
 * Finds the host in a bare host or a URL: drops scheme, userinfo, port, path, query and fragment. Returns the
 * host as written (case kept); IPv6 comes back bracketed. A bare IPv6 address (no brackets) is accepted only
 * when it is the whole authority, since its colons cannot be told apart from a port otherwise.
 */
export function extractHost(input: string): string {
  const text = input.trim();
  if (text.length === 0) throw invalidDomain('不能为空', 'it is empty');
  if (text.length > MAX_DOMAIN_INPUT_LENGTH)
    throw invalidDomain(`超过 ${MAX_DOMAIN_INPUT_LENGTH} 个字符`, `it is longer than ${MAX_DOMAIN_INPUT_LENGTH} characters`);
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\s\u0000-\u001f\u007f]/u.test(text)) throw invalidDomain('含有空格或控制字符', 'it contains spaces or control characters');
  const afterScheme = text.replace(SCHEME, '').replace(/^\/\//, '');
  const end = afterScheme.search(AUTHORITY_END);
  const authority = end < 0 ? afterScheme : afterScheme.slice(0, end);
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
  if (hostPort.startsWith('[')) return splitBracketed(hostPort);
  if (hostPort.indexOf(':') !== hostPort.lastIndexOf(':')) {
    if (net.isIPv6(hostPort)) return `[${hostPort}]`;
    throw invalidDomain('方括号外有多个 ":"', 'it has more than one ":" outside brackets');
  }
  const colon = hostPort.indexOf(':');
  const host = colon < 0 ? hostPort : hostPort.slice(0, colon);
  if (colon >= 0) checkPort(hostPort.slice(colon + 1));
  if (host.length === 0) throw invalidDomain('缺少主机名', 'it has no host name');
  return host;
}

function splitBracketed(hostPort: string): string {
  const close = hostPort.indexOf(']');
  if (close < 0) throw invalidDomain('"[" 没有闭合', 'it has an unclosed "["');
  const rest = hostPort.slice(close + 1);
  if (rest.length > 0) {
    if (!rest.startsWith(':')) throw invalidDomain('"]" 后有多余内容', 'it has unexpected text after "]"');
    checkPort(rest.slice(1));
  }
  return hostPort.slice(0, close + 1);
}

/** An empty port ("a.com:") is allowed, as in URLs; anything else must be a number 0..65535. */
function checkPort(port: string): void {
  if (!/^\d{0,5}$/.test(port) || Number(port) > 65535)
    throw invalidDomain('端口须为 0 到 65535 的数字', 'the port is not a number from 0 to 65535');
}
