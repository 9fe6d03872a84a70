import { ADMIN_PASSWORD, UC, asBrowser, call, cookieValue, login, start, type Me, type Server } from './harness.js';

let server: Server;
beforeAll(async () => {
  server = await start();
});
afterAll(async () => {
  await server.stop();
});

test('the first start created admin bound to super-role; log-in sets HTTP-only SameSite=Lax cookies', async () => {
  const res = await call(`${server.url}/login`, { method: 'POST', json: { username: 'admin', password: ADMIN_PASSWORD } });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: true, code: 'OK', data: { user: { name: 'admin' } } });
  const session = res.setCookies.find((c) => c.startsWith('AUTHPAY_SESSION='))!;
  expect(session).toMatch(/HttpOnly/i);
  expect(session).toMatch(/SameSite=Lax/i);
  const xsrf = res.setCookies.find((c) => c.startsWith('XSRF-TOKEN='))!;
  expect(xsrf).not.toMatch(/HttpOnly/i);

  const b = await login(server, 'admin', ADMIN_PASSWORD);
  const me = await call<Me>(`${server.url}${UC}/users/-`, { headers: { cookie: b.cookie } });
  expect(me.status).toBe(200);
  expect(me.body.data.user).toMatchObject({ name: 'admin', disabled: false });
  expect(me.body.data.user.passwordHash).toBeUndefined();
  expect(me.body.data.roles).toEqual(expect.arrayContaining(['super-role', 'authenticated', 'anonymous']));
  expect(me.body.data.uiPermissions).toContain('*');
});

test('form log-in redirects to a same-site path only; a failed form log-in re-renders the escaped page', async () => {
  const ok = await call(`${server.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: ADMIN_PASSWORD, redirect: '//evil.example/x' }).toString(),
  });
  expect(ok.status).toBe(303);
  expect(ok.headers.get('location')).toBe('/');
  expect(cookieValue(ok.setCookies, 'AUTHPAY_SESSION')).toBeTruthy();

  const bad = await call(`${server.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: '<script>x</script>', password: 'nope-nope' }).toString(),
  });
  expect(bad.status).toBe(401);
  expect(bad.body).toContain('&#60;script&#62;x&#60;/script&#62;');
  expect(bad.body).not.toContain('<script>x');
  expect(bad.setCookies.some((c) => c.startsWith('AUTHPAY_SESSION='))).toBe(false);
});

test('GET /login renders the page with an escaped redirect', async () => {
  const res = await call(`${server.url}/login?redirect=${encodeURIComponent('/console?a="><b>')}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/text\/html/);
  expect(res.body).toContain('<form method="post" action="/login">');
  expect(res.body).toContain('/console?a=&#34;&#62;&#60;b&#62;');
});

test("the log-in page speaks the browser's language, or the one its switch chose, errors included", async () => {
  const english = await call(`${server.url}/login`, { headers: { 'accept-language': 'en-US,en;q=0.9' } });
  expect(english.text).toContain('<html lang="en">');
  expect(english.text).toContain('Log in to AuthPay');
  expect(english.text).not.toMatch(/登录|用户名|密码/);
  const chosen = await call(`${server.url}/login?lang=zh-CN&redirect=%2Fuc`, { headers: { 'accept-language': 'en' } });
  expect(chosen.text).toContain('登录 AuthPay');
  expect(chosen.text).toContain('href="/login?lang=en&amp;redirect=%2Fuc"');
  const form = new URLSearchParams({ username: 'admin', password: 'wrong-password', lang: 'en', redirect: '/uc' });
  const refused = await call(`${server.url}/login`, {
    method: 'POST',
    body: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, 'accept-language': 'zh-CN' },
  });
  expect(refused.status).toBe(401);
  expect(refused.text).toContain('Log in to AuthPay');
  const alert = /<p class="error" role="alert">([^<]*)<\/p>/.exec(refused.text)?.[1] ?? '';
  expect(alert).toMatch(/[a-z]{3}/);
  expect(alert).not.toMatch(/[\u4e00-\u9fff]/);
});

test('wrong password, unknown user and missing fields are refused without a session', async () => {
  const wrong = await call(`${server.url}/login`, { method: 'POST', json: { username: 'admin', password: 'wrong-password' } });
  expect(wrong.status).toBe(401);
  expect(wrong.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  expect(wrong.setCookies).toEqual([]);
  const unknown = await call(`${server.url}/login`, { method: 'POST', json: { username: 'nobody', password: 'whatever-1' } });
  expect(unknown.status).toBe(401);
  const missing = await call(`${server.url}/login`, { method: 'POST', json: { username: 'admin' } });
  expect(missing.status).toBe(400);
});

test('log-out revokes the session server-side: the old cookie stops working', async () => {
  const b = await login(server, 'admin', ADMIN_PASSWORD);
  expect((await call(`${server.url}${UC}/users/-`, { headers: { cookie: b.cookie } })).status).toBe(200);
  const out = await call(`${server.url}/logout`, { method: 'POST', headers: asBrowser(b) });
  expect(out.status).toBe(200);
  expect(out.setCookies.some((c) => /^AUTHPAY_SESSION=;/.test(c))).toBe(true);
  const after = await call(`${server.url}${UC}/users/-`, { headers: { cookie: b.cookie } });
  expect(after.status).toBe(401);
  expect(after.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
});
