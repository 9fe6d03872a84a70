import { lookup as dnsLookup } from 'node:dns';
import net from 'node:net';
import { AppError, isNonPublicAddress } from '../../host/sdk/index.js';

/** Why a notify target was refused (zh-CN message, English with Accept-Language: en). */
export class BlockedTargetError extends AppError {
  constructor(messageZh: string, messageEn: string) {
    super('NOTIFY_TARGET_BLOCKED', messageZh, { status: 400, messageEn });
  }

  /** The English text: short, ours, and safe to store in a delivery record. */
  get reason(): string {
    return this.messageEn ?? this.message;
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
    throw new BlockedTargetError('通知地址不是有效的 URL', `notifyUrl "${raw.slice(0, 100)}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new BlockedTargetError('通知地址只能使用 http 或 https', 'notifyUrl must use http or https');
  if (url.username || url.password) throw new BlockedTargetError('通知地址不能包含用户名或密码', 'notifyUrl must not carry credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (isLocalHostName(host) || (net.isIP(host) !== 0 && isNonPublicAddress(host)))) {
    throw new BlockedTargetError(`通知地址 ${host} 是内网或本机地址`, `notifyUrl host ${host} is a private or loopback address`);
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
        const where = bad ? ` ${bad.address}` : '';
        return callback(
          new BlockedTargetError(
            `通知地址 ${hostname} 解析到内网或本机地址${where}`,
            `notifyUrl host ${hostname} resolves to a private address${where}`,
          ),
          [],
        );
      }
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
