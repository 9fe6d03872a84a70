import { lookup as dnsLookup } from 'node:dns';
import net from 'node:net';
import { AppError } from '../../host/sdk/index.js';

/** Why a notify target was refused. */
export class BlockedTargetError extends AppError {
  constructor(message: string) {
    super('NOTIFY_TARGET_BLOCKED', message, { status: 400, messageEn: message });
  }
}

const BLOCKED_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
];

const v4ToInt = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);

function blockedV4(ip: string): boolean {
  const value = v4ToInt(ip);
  return BLOCKED_V4.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4ToInt(base);
    return value >= start && value < start + size;
  });
}

function blockedV6(ip: string): boolean {
  const lower = ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return blockedV4(mapped[1]);
  if (lower === '::' || lower === '::1') return true;
  const first = parseInt(lower.split(':')[0] || '0', 16);
  return (first & 0xfe00) === 0xfc00 /* fc00::/7 unique local */ || (first & 0xffc0) === 0xfe80 /* link local */ || (first & 0xff00) === 0xff00 /* multicast */;
}

/** Loopback, private, link-local, shared, documentation, multicast and reserved addresses. */
export function isPrivateAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 4) return blockedV4(ip);
  if (family === 6) return blockedV6(ip);
  return true;
}

/** Host names that always mean this machine or the local network. */
export function isLocalHostName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost') || h.endsWith('.local') || h.endsWith('.internal');
}

/**
 * Checks a notifyUrl before it is stored: http(s) only, no credentials, and (unless private targets are
 * allowed) no literal private address or local name. Names are resolved at delivery time by the guarded lookup.
 */
export function checkNotifyUrlShape(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BlockedTargetError(`notifyUrl "${raw.slice(0, 100)}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BlockedTargetError('notifyUrl must use http or https');
  if (url.username || url.password) throw new BlockedTargetError('notifyUrl must not carry credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (isLocalHostName(host) || (net.isIP(host) !== 0 && isPrivateAddress(host)))) {
    throw new BlockedTargetError(`notifyUrl host ${host} is a private or loopback address`);
  }
  return url;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | Array<{ address: string; family: number }>, family?: number) => void;

/**
 * A `lookup` for http.request that resolves the name and refuses the connection when any address is
 * private (so a name cannot be rebound to an internal address between check and connect: the checked
 * address is the one connected to).
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: object, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as Array<{ address: string; family: number }>;
      const bad = list.find((a) => isPrivateAddress(a.address));
      if (!allowPrivate && (bad || isLocalHostName(hostname))) {
        return callback(new BlockedTargetError(`notifyUrl host ${hostname} resolves to a private address ${bad?.address ?? ''}`.trim()), []);
      }
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
