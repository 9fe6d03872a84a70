/**
 * Every answer of the API (envelope operations, the generic API, token creation, log-in, errors) carries
 * Cache-Control: no-store; the browser apps' static files keep their own caching; HSTS goes out whenever
 * the server speaks TLS itself.
 */
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { securityHeaders } from '../../../src/host/ops/security-headers.js';
import { uiRoutes } from '../../../src/host/ui/ui-routes.js';
import { startTempServer, type TempServer } from '../../support/temp-server.js';
import { writeSelfSignedCertificate } from '../api/generic/support/self-signed.js';

const TOKEN = 'cache-control-test-token-0123456789';
const PASSWORD = 'admin-password-1';
const basic = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;

describe('Cache-Control on the API', () => {
  let server: TempServer;
  beforeAll(async () => {
    server = await startTempServer({
      prefix: 'authpay-cache-control',
      env: { AUTHPAY_BOOTSTRAP_TOKEN: TOKEN, AUTHPAY_ADMIN_PASSWORD: PASSWORD },
    });
  }, 60_000);
  afterAll(() => server?.stop());

  const cacheControlOf = async (pathname: string, init: RequestInit = {}) => {
    const res = await fetch(`${server.url}${pathname}`, init);
    await res.arrayBuffer();
    return [res.status, res.headers.get('cache-control')];
  };

  test('envelope operations, the generic API, token creation, log-in and errors are no-store', async () => {
    const json = { 'content-type': 'application/json' };
    expect(await cacheControlOf('/apis/uc.api.host.authpay.dev/v1alpha1/users/-', { headers: { authorization: basic } })).toEqual([
      200,
      'no-store',
    ]);
    expect(await cacheControlOf('/apis/host.authpay.dev/v1alpha1/users', { headers: { authorization: `Bearer ${TOKEN}` } })).toEqual([
      200,
      'no-store',
    ]);
    expect(
      await cacheControlOf('/apis/uc.api.host.authpay.dev/v1alpha1/personalaccesstokens', {
        method: 'POST',
        headers: { ...json, authorization: basic },
        body: JSON.stringify({ name: 'ci' }),
      }),
    ).toEqual([201, 'no-store']);
    expect(
      await cacheControlOf('/login', { method: 'POST', headers: json, body: JSON.stringify({ username: 'admin', password: PASSWORD }) }),
    ).toEqual([200, 'no-store']);
    expect(await cacheControlOf('/apis/uc.api.host.authpay.dev/v1alpha1/users/-')).toEqual([401, 'no-store']);
    expect(await cacheControlOf('/apis/nothing.example.com/v1/things', { headers: { authorization: `Bearer ${TOKEN}` } })).toEqual([
      404,
      'no-store',
    ]);
    expect(await cacheControlOf('/no/such/page')).toEqual([401, 'no-store']);
    expect(await cacheControlOf('/no/such/page', { headers: { authorization: `Bearer ${TOKEN}` } })).toEqual([404, 'no-store']);
  });

  test('a plain-HTTP development server sends no HSTS', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

test('the browser apps keep their caching: hashed assets for a year, other files for an hour', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-ui-cache-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
  const app = express();
  app.use(securityHeaders({ cacheablePrefixes: ['/console'] }));
  app.use(uiRoutes([{ prefix: '/console', dir }]));
  const listener = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => listener.once('listening', resolve));
  const base = `http://127.0.0.1:${(listener.address() as { port: number }).port}`;
  try {
    const asset = await fetch(`${base}/console/assets/app-1a2b3c.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${base}/console/favicon.svg`)).headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await fetch(`${base}/console/orders`)).headers.get('cache-control')).toBe('no-store'); // index.html
  } finally {
    listener.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a server speaking TLS itself sends Strict-Transport-Security on pages and API answers', async () => {
  const certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-hsts-'));
  const server = await startTempServer({ prefix: 'authpay-hsts', config: { tls: writeSelfSignedCertificate(certDir) } });
  const hstsOf = (pathname: string) =>
    new Promise<string | undefined>((resolve, reject) => {
      https
        .get({ host: '127.0.0.1', port: server.port, path: pathname, rejectUnauthorized: false }, (res) => {
          res.resume();
          resolve(res.headers['strict-transport-security'] as string | undefined);
        })
        .on('error', reject);
    });
  try {
    expect(await hstsOf('/login')).toBe('max-age=15552000');
    expect(await hstsOf('/apis/uc.api.host.authpay.dev/v1alpha1/users/-')).toBe('max-age=15552000');
  } finally {
    await server.stop();
    fs.rmSync(certDir, { recursive: true, force: true });
  }
}, 60_000);
