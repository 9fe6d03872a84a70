import { SignJWT } from 'jose';
import { ADMIN_PASSWORD, UC, asBrowser, call, createUser, login, start, type Server, type CreatedToken } from './harness.js';

let server: Server;
beforeAll(async () => {
  server = await start();
  await createUser(server, 'alice');
});
afterAll(async () => {
  await server.stop();
});

const tokens = (headers: Record<string, string>) => call(`${server.url}${UC}/personalaccesstokens`, { headers });

test('a session POST without the CSRF header is refused and changes nothing', async () => {
  const b = await login(server, 'alice', 'user-password-1');
  const res = await call(`${server.url}${UC}/personalaccesstokens`, { method: 'POST', headers: { cookie: b.cookie }, json: { name: 'x' } });
  expect(res.status).toBe(403);
  expect(res.body).toMatchObject({ success: false, code: 'CSRF_FAILED' });
  expect((await tokens({ cookie: b.cookie })).body.data).toEqual([]);
});

test('a cross-site POST carrying the cookies but a foreign Origin is refused even with the token', async () => {
  const b = await login(server, 'alice', 'user-password-1');
  const res = await call(`${server.url}${UC}/personalaccesstokens`, {
    method: 'POST',
    headers: asBrowser(b, 'https://evil.example'),
    json: { name: 'x' },
  });
  expect(res.status).toBe(403);
  const viaReferer = await call(`${server.url}${UC}/personalaccesstokens`, {
    method: 'POST',
    headers: { ...asBrowser(b), referer: 'https://evil.example/page' },
    json: { name: 'x' },
  });
  expect(viaReferer.status).toBe(403);
  expect((await tokens({ cookie: b.cookie })).body.data).toEqual([]);
});

test('a CSRF token of another session does not pass', async () => {
  const mine = await login(server, 'alice', 'user-password-1');
  const other = await login(server, 'admin', ADMIN_PASSWORD);
  const res = await call(`${server.url}${UC}/personalaccesstokens`, {
    method: 'POST',
    headers: { cookie: `AUTHPAY_SESSION=${mine.session}; XSRF-TOKEN=${other.csrf}`, 'x-xsrf-token': other.csrf },
    json: { name: 'x' },
  });
  expect(res.status).toBe(403);
});

test('a same-site POST with the double-submitted token and matching Origin succeeds', async () => {
  const b = await login(server, 'alice', 'user-password-1');
  const res = await call<CreatedToken>(`${server.url}${UC}/personalaccesstokens`, {
    method: 'POST',
    headers: asBrowser(b, server.url),
    json: { name: 'laptop' },
  });
  expect(res.status).toBe(201);
  expect(res.body.data.token).toMatch(/^authpay_pat_/);
});

test('bearer requests are exempt from the CSRF check', async () => {
  const b = await login(server, 'alice', 'user-password-1');
  const created = await call<CreatedToken>(`${server.url}${UC}/personalaccesstokens`, {
    method: 'POST',
    headers: asBrowser(b),
    json: { name: 'ci' },
  });
  const res = await call(`${server.url}${UC}/personalaccesstokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${created.body.data.token}`, origin: 'https://elsewhere.example' },
    json: { name: 'ci-2' },
  });
  expect(res.status).toBe(201);
});

test('a session cookie with one byte changed is not accepted', async () => {
  const b = await login(server, 'alice', 'user-password-1');
  const signatureStart = b.session.lastIndexOf('.') + 1;
  const flipped = b.session[signatureStart] === 'A' ? 'B' : 'A';
  const tampered = b.session.slice(0, signatureStart) + flipped + b.session.slice(signatureStart + 1);
  const res = await call(`${server.url}${UC}/users/-`, { headers: { cookie: `AUTHPAY_SESSION=${tampered}` } });
  expect(res.status).toBe(401);
  expect(res.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
});

test('a cookie signed with another key, or expired, is not accepted', async () => {
  const b = await login(server, 'alice', 'user-password-1');
  const sid = JSON.parse(Buffer.from(b.session.split('.')[1], 'base64url').toString()).sid as string;
  const claims = { sid };
  const forged = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('admin')
    .setIssuer('authpay')
    .setAudience('authpay-session')
    .setExpirationTime('1h')
    .sign(new Uint8Array(32).fill(7));
  expect((await call(`${server.url}${UC}/users/-`, { headers: { cookie: `AUTHPAY_SESSION=${forged}` } })).status).toBe(401);

  // The real key, a live session record, but an expiry in the past.
  const key = await server.runtime.client.get('SigningKey', 'session-hs256');
  const secret = Buffer.from((key.spec as { secret: string }).secret, 'base64url');
  const expired = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('alice')
    .setIssuer('authpay')
    .setAudience('authpay-session')
    .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
    .sign(secret);
  expect((await call(`${server.url}${UC}/users/-`, { headers: { cookie: `AUTHPAY_SESSION=${expired}` } })).status).toBe(401);

  // The real key and a valid expiry, but naming another user than the session record: refused too.
  const swapped = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('admin')
    .setIssuer('authpay')
    .setAudience('authpay-session')
    .setExpirationTime('1h')
    .sign(secret);
  expect((await call(`${server.url}${UC}/users/-`, { headers: { cookie: `AUTHPAY_SESSION=${swapped}` } })).status).toBe(401);
});

test('the signing key is never served, not even to an administrator', async () => {
  const b = await login(server, 'admin', ADMIN_PASSWORD);
  const res = await call(`${server.url}/apis/host.authpay.dev/v1alpha1/signingkeys`, { headers: { cookie: b.cookie } });
  expect(res.status).toBe(403);
  expect(JSON.stringify(res.body)).not.toMatch(/secret/);
});
