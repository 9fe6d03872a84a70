/**
 * AUTHPAY_TRUST_PROXY: which proxies are believed about the client (X-Forwarded-For decides req.ip, hence
 * the per-address rate limits) and the protocol (X-Forwarded-Proto decides whether cookies are Secure).
 * "A proxy on another host" is this machine's own non-loopback address: connections through it do not come
 * from loopback, which the default trusts.
 */
import { startWellInsideAMinute } from '../../support/rate-window.js';
import os from 'node:os';
import { parseTrustProxy } from '../../../src/host/server/trust-proxy.js';
import { startTempServer, type TempServer } from '../../support/temp-server.js';

test('AUTHPAY_TRUST_PROXY takes true, a hop count or a list of ranges, and refuses anything else', () => {
  expect(parseTrustProxy(undefined)).toBeUndefined();
  expect(parseTrustProxy(' ')).toBeUndefined();
  expect(parseTrustProxy('true')).toBe(true);
  expect(parseTrustProxy('false')).toBe(false);
  expect(parseTrustProxy('2')).toBe(2);
  expect(parseTrustProxy('loopback, 10.0.0.0/8, fd00::/8, 192.168.0.0/255.255.0.0, 203.0.113.7')).toBe(
    'loopback,10.0.0.0/8,fd00::/8,192.168.0.0/255.255.0.0,203.0.113.7',
  );
  for (const bad of ['10.0.0.0/33', 'proxy.example.com', 'loopback,', '10.0.0.1/8/1', '::1/255.0.0.0'])
    expect(() => parseTrustProxy(bad)).toThrow(/AUTHPAY_TRUST_PROXY/);
});

/** This machine's first non-internal IPv4 address and its subnet, e.g. ['192.0.2.2', '192.0.2.0/24']. */
function externalAddress(): { address: string; subnet: string } | undefined {
  for (const list of Object.values(os.networkInterfaces()))
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return { address: a.address, subnet: a.cidr! };
  return undefined;
}

const external = externalAddress();
if (!external) console.warn('trust-proxy test: this machine has no non-loopback IPv4 address; the proxy cases are skipped');
const withAddress = external ? describe : describe.skip;

async function serverTrusting(trustProxy: string | undefined): Promise<TempServer> {
  return startTempServer({
    prefix: 'authpay-trust-proxy',
    config: { host: '0.0.0.0' },
    env: { AUTHPAY_ADMIN_PASSWORD: 'admin-password-1', ...(trustProxy === undefined ? {} : { AUTHPAY_TRUST_PROXY: trustProxy }) },
  });
}

/** Eleven failed log-ins through the "proxy", each for another client address; the statuses seen. */
async function loginsFromManyClients(server: TempServer): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    const res = await fetch(`http://${external!.address}:${server.port}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
      body: JSON.stringify({ username: `nobody-${i}`, password: 'wrong-password' }),
    });
    statuses.push(res.status);
  }
  return statuses;
}

async function loginOverForwardedHttps(server: TempServer): Promise<string[]> {
  const res = await fetch(`http://${external!.address}:${server.port}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.99' },
    body: JSON.stringify({ username: 'admin', password: 'admin-password-1' }),
  });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie();
}

withAddress('behind a proxy on another host', () => {
  test('set to a subnet holding the proxy, X-Forwarded-For decides the client address and X-Forwarded-Proto the cookies', async () => {
    const server = await serverTrusting(`loopback, ${external!.subnet}`);
    try {
      // Each attempt counts for its own client: the per-address limit (10 a minute) is never reached.
      expect(await loginsFromManyClients(server)).toEqual(new Array(11).fill(401));
      const cookies = await loginOverForwardedHttps(server);
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
    } finally {
      await server.stop();
    }
  }, 60_000);

  test('without it, the headers are ignored: every attempt counts for the proxy, and cookies are not Secure', async () => {
    const server = await serverTrusting(undefined);
    try {
      await startWellInsideAMinute();
      for (const cookie of await loginOverForwardedHttps(server)) expect(cookie).not.toMatch(/;\s*Secure/i);
      const statuses = await loginsFromManyClients(server);
      expect(statuses.slice(0, 9)).toEqual(new Array(9).fill(401));
      expect(statuses[9]).toBe(429); // the log-in above was the proxy address's first attempt
    } finally {
      await server.stop();
    }
  }, 60_000);
});
