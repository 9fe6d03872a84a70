/**
 * The user's own profile (issue #16 items 3 and 9): a wrong current password is a form error (400
 * INVALID_CURRENT_PASSWORD naming oldPassword), not a session expiry (401), and still counts against the
 * log-in guard; updateCurrentUser changes display name, e-mail and language.
 */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { UC, asBrowser, call, createUser, login, relaxed, start, type Server } from '../auth/harness.js';

interface ProfileView {
  name: string;
  displayName: string;
  email: string;
  language?: string;
}

let server: Server;
beforeAll(async () => {
  server = await start();
});
afterAll(async () => {
  await server.stop();
});

const changePassword = (browser: Awaited<ReturnType<typeof login>>, json: unknown, english = false) =>
  call(`${server.url}${UC}/users/-/password`, {
    method: 'PUT',
    headers: { ...asBrowser(browser), ...(english ? { 'accept-language': 'en-US,en;q=0.9' } : {}) },
    json,
  });

const patchMe = (browser: Awaited<ReturnType<typeof login>>, json: unknown, english = false) =>
  call<ProfileView>(`${server.url}${UC}/users/-`, {
    method: 'PATCH',
    headers: { ...asBrowser(browser), ...(english ? { 'accept-language': 'en' } : {}) },
    json,
  });

test('a wrong current password is a 400 naming oldPassword in both languages; the session stays valid', async () => {
  await createUser(server, 'olga', 'olga-password-1');
  const olga = await login(server, 'olga', 'olga-password-1');
  const zh = await changePassword(olga, { oldPassword: 'not-my-password', newPassword: 'olga-password-2' });
  expect([zh.status, zh.body.code, zh.body.message]).toEqual([400, 'INVALID_CURRENT_PASSWORD', '当前密码不正确']);
  expect(zh.body.details).toEqual([{ field: 'oldPassword', message: '当前密码不正确' }]);
  const en = await changePassword(olga, { oldPassword: 'not-my-password', newPassword: 'olga-password-2' }, true);
  expect([en.status, en.body.message, en.body.details?.[0].field]).toEqual([400, 'the current password is wrong', 'oldPassword']);
  expect(en.headers.get('content-language')).toBe('en');
  expect((await call(`${server.url}${UC}/users/-`, { headers: { cookie: olga.cookie } })).status).toBe(200);
  expect((await changePassword(olga, { oldPassword: 'olga-password-1', newPassword: 'olga-password-2' })).status).toBe(200);
  await login(server, 'olga', 'olga-password-2');
});

test('wrong current passwords count as failed log-ins: the guard stops guessing and log-in is limited too', async () => {
  server.runtime.auth.useSettings(relaxed({ loginLimits: { perIpPerMinute: 1000, failuresPerUser: 3 } }));
  try {
    await createUser(server, 'pavel', 'pavel-password-1');
    const pavel = await login(server, 'pavel', 'pavel-password-1');
    for (let i = 0; i < 3; i++)
      expect((await changePassword(pavel, { oldPassword: `guess-${i}-xx`, newPassword: 'pavel-password-2' })).status).toBe(400);
    const limited = await changePassword(pavel, { oldPassword: 'pavel-password-1', newPassword: 'pavel-password-2' });
    expect([limited.status, limited.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    await expect(login(server, 'pavel', 'pavel-password-1')).rejects.toThrow(/429/);
  } finally {
    server.runtime.auth.useSettings(relaxed());
  }
});

test('updateCurrentUser changes display name, e-mail and language; getCurrentUser shows the language', async () => {
  await createUser(server, 'quinn');
  const quinn = await login(server, 'quinn', 'user-password-1');
  const before = await call<{ user: ProfileView }>(`${server.url}${UC}/users/-`, { headers: { cookie: quinn.cookie } });
  expect(before.body.data.user.language).toBeUndefined();
  const changed = await patchMe(quinn, { displayName: '  Quinn Q  ', email: 'Quinn.New@Example.com', language: 'en' });
  expect(changed.status).toBe(200);
  expect(changed.body.data).toMatchObject({ name: 'quinn', displayName: 'Quinn Q', email: 'quinn.new@example.com', language: 'en' });
  const me = await call<{ user: ProfileView }>(`${server.url}${UC}/users/-`, { headers: { cookie: quinn.cookie } });
  expect(me.body.data.user).toMatchObject({ displayName: 'Quinn Q', email: 'quinn.new@example.com', language: 'en' });
  expect((await patchMe(quinn, { language: 'zh-CN' })).body.data).toMatchObject({ language: 'zh-CN', email: 'quinn.new@example.com' });
});

test('updateCurrentUser validates every field at once and refuses unknown keys, an e-mail in use and an empty change', async () => {
  await createUser(server, 'rosa');
  await createUser(server, 'sven');
  const rosa = await login(server, 'rosa', 'user-password-1');
  const revision = await server.runtime.store.currentRevision();
  const bad = await patchMe(rosa, { displayName: '', email: 'x', language: 'fr', role: 'admin' });
  expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  expect(bad.body.details?.map((d) => d.field).sort()).toEqual(['body.displayName', 'body.email', 'body.language', 'body.role']);
  expect(bad.body.details?.find((d) => d.field === 'body.language')?.message).toBe('界面语言只能是以下之一：zh-CN、en');
  const english = await patchMe(rosa, { email: 'not-an-address' }, true);
  expect([english.status, english.body.code, english.body.details]).toEqual([
    400,
    'VALIDATION_FAILED',
    [{ field: 'email', message: 'This is not a valid e-mail address.' }],
  ]);
  const taken = await patchMe(rosa, { email: 'SVEN@example.com' });
  expect([taken.status, taken.body.code, taken.body.details?.[0].field]).toEqual([409, 'ALREADY_EXISTS', 'email']);
  expect((await patchMe(rosa, {})).status).toBe(400);
  expect(await server.runtime.store.currentRevision()).toBe(revision);
  expect((await patchMe(rosa, { email: 'rosa@example.com' })).status).toBe(200);
});
