import http from 'node:http';
import https from 'node:https';
import { checkNotifyUrlShape, guardedLookup } from '../ssrf/ssrf-guard.js';

export interface NotifyHttpResult {
  status: number;
}

const TIMEOUT_MS = 10_000;

/**
 * POSTs a signed delivery. The target is checked again at send time (a URL stored while private targets
 * were allowed stays blocked after the switch is turned off) and names are resolved through the guarded
 * lookup, so the address connected to is the address checked. Redirects are not followed: a 3xx is just a
 * non-2xx answer. The answer's body is read and dropped, never kept: only the status counts, and what a
 * target says must not reach our records or the console.
 */
export function postNotify(url: string, body: string, headers: Record<string, string>, allowPrivate: boolean): Promise<NotifyHttpResult> {
  const target = checkNotifyUrlShape(url, allowPrivate);
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'AuthPay-Notify/1',
        ...headers,
      },
      lookup: guardedLookup(allowPrivate) as never,
      timeout: TIMEOUT_MS,
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      res.on('error', reject);
    });
    req.end(body);
  });
}
