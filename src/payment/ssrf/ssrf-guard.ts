import { lookup as dnsLookup } from 'node:dns';
import net from 'node:net';
import { AppError, isNonPublicAddress } from '../../host/sdk/index.js';

/** Why a notify target was refused. */
export class BlockedTargetError extends AppError {
  constructor(message: string) {
    super('NOTIFY_TARGET_BLOCKED', message, { status: 400, messageEn: message });
  }
}

/** Host names that always mean this machine or the local network. */
export function isLocalHostName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost') || h.endsWith('.local') || h.endsWith('.internal');
}

/**
 * Checks a notifyUrl before it is stored: http(s) only, no credentials, and (unless private targets are
 * allowed) no literal non-public address (the SDK's classifier: private, loopback, link-local, shared,
 * documentation, multicast, reserved, and IPv6 addresses that carry such an IPv4 address) or local name. Names are resolved at
 * delivery time by the guarded lookup.
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
  if (!allowPrivate && (isLocalHostName(host) || (net.isIP(host) !== 0 && isNonPublicAddress(host)))) {
    throw new BlockedTargetError(`notifyUrl host ${host} is a private or loopback address`);
  }
  return url;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | Array<{ address: string; family: number }>,
  family?: number,
) => void;

/**
 * A `lookup` for http.request that resolves the name and refuses the connection when any address is
 * not public (so a name cannot be rebound to an internal address between check and connect: the checked
 * address is the one connected to).
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: object, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as Array<{ address: string; family: number }>;
      const bad = list.find((a) => isNonPublicAddress(a.address));
      if (!allowPrivate && (bad || isLocalHostName(hostname))) {
        return callback(
          new BlockedTargetError(`notifyUrl host ${hostname} resolves to a private address ${bad?.address ?? ''}`.trim()),
          [],
        );
      }
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
