import { clockAt } from './fixed-clock.js';
import { addUtcYears } from '../../src/plugin-auth/auth-log/grant-times.js';
import {
  CONSOLE,
  RESOURCES,
  UC,
  admin,
  as,
  authNotificationsOf,
  createPlugin,
  createUser,
  dataOf,
  freeCode,
  secondsFrom,
  setSettings,
  start,
  documentOf,
  type AuthLog,
  type AuthLogView,
  type FreeCode,
  type GeneratedCodes,
  type ListResult,
  type PermanentCode,
  type PermanentUser,
  type Server,
} from './harness.js';

/** Every row of the spec's authorization-record and permanent-code state tables, through the HTTP API. */
let server: Server;
const DAY = 86_400_000;
beforeAll(async () => {
  server = await start();
  for (const user of ['alice', 'bob', 'carol']) await createUser(server, user);
  await createPlugin(server, { key: 'free-plugin', price: 0 });
  await createPlugin(server, { key: 'paid-plugin', price: 19.9 });
  await createPlugin(server, { key: 'trial-plugin', price: 9999 });
  await setSettings(server, { selfServiceDays: 7 });
});
afterAll(() => server.stop());

const apply = (user: string, pluginKey: string, domain: string) =>
  as<AuthLog>(server, user, 'POST', `${UC}/authorizations`, { pluginKey, domain });
const activate = (user: string, pluginKey: string, domain: string, code: string) =>
  as<AuthLog>(server, user, 'POST', `${UC}/authorizations/activate`, { pluginKey, domain, code });

describe('authorization record (authStatus)', () => {
  test('(no record) → application without entitlement → 0, pending review; stored as the host name', async () => {
    const record = dataOf(await apply('alice', 'paid-plugin', 'https://Shop.Example.COM:8443/wp-admin'));
    expect(record.spec).toEqual({ pluginKey: 'paid-plugin', authUser: 'alice', authDomain: 'shop.example.com', authStatus: 0 });
    expect(record.metadata.name).toMatch(/^paid-plugin-shop\.example\.com-alice-[0-9a-f]{16}$/);
    const again = dataOf(await apply('alice', 'paid-plugin', 'shop.example.com'));
    expect(again.metadata).toEqual(record.metadata);
  });

  test('(no record) → application with a permanent entitlement → 1, permanent at once', async () => {
    dataOf(await admin(server, 'POST', `${CONSOLE}/permanentusers`, { pluginKey: 'paid-plugin', authUser: 'bob' }));
    const record = dataOf(await apply('bob', 'paid-plugin', 'bob.example.com'));
    expect(record.spec).toMatchObject({ authStatus: 1, expireTime: '2099-12-31T23:59:59Z' });
    expect(secondsFrom(record.spec.authTime!, 0)).toBeLessThan(5);
  });

  test('0 → administrator single authorize → 1, authTime now, expireTime now + 3 years', async () => {
    const { metadata } = dataOf(await apply('alice', 'paid-plugin', 'single.example.com'));
    const record = dataOf(await admin<AuthLog>(server, 'POST', `${CONSOLE}/authlogs/${metadata.name}/authorize`));
    expect(record.spec.authStatus).toBe(1);
    expect(secondsFrom(record.spec.authTime!, 0)).toBeLessThan(5);
    expect(Math.abs(Date.parse(record.spec.expireTime!) - addUtcYears(Date.parse(record.spec.authTime!), 3))).toBe(0);
    const again = dataOf(await admin<AuthLog>(server, 'POST', `${CONSOLE}/authlogs/${metadata.name}/authorize`));
    expect(again.metadata.resourceVersion).toBe(record.metadata.resourceVersion);
  });

  test('0 → administrator batch authorize → 1, expireTime now + 3 days; authorized ones are left alone', async () => {
    const a = dataOf(await apply('alice', 'paid-plugin', 'batch-a.example.com')).metadata.name;
    const b = dataOf(await apply('alice', 'paid-plugin', 'batch-b.example.com')).metadata.name;
    const done = dataOf(await admin(server, 'POST', `${CONSOLE}/authlogs-batch/authorize`, { names: [a] }));
    expect(done).toEqual({ changed: [a], unchanged: [] });
    const result = dataOf(await admin(server, 'POST', `${CONSOLE}/authlogs-batch/authorize`, { names: [a, b] }));
    expect(result).toEqual({ changed: [b], unchanged: [a] });
    const list = dataOf(await admin<ListResult<AuthLogView>>(server, 'GET', `${CONSOLE}/authlogs?keyword=batch-&size=10`));
    for (const item of list.items) {
      expect(item.spec.authStatus).toBe(1);
      expect(secondsFrom(item.spec.expireTime!, 3 * DAY)).toBeLessThan(5);
    }
  });

  test('0 or 1 → administrator batch cancel → 0 with authTime and expireTime cleared', async () => {
    const authorized = dataOf(await apply('alice', 'paid-plugin', 'cancel-a.example.com')).metadata.name;
    await admin(server, 'POST', `${CONSOLE}/authlogs/${authorized}/authorize`);
    const pending = dataOf(await apply('alice', 'paid-plugin', 'cancel-b.example.com')).metadata.name;
    const result = dataOf(await admin(server, 'POST', `${CONSOLE}/authlogs-batch/cancel`, { names: [authorized, pending] }));
    expect(result).toEqual({ changed: [authorized], unchanged: [pending] });
    const list = dataOf(await admin<ListResult<AuthLogView>>(server, 'GET', `${CONSOLE}/authlogs?keyword=cancel-`));
    for (const item of list.items)
      expect(item.spec).toEqual({ pluginKey: 'paid-plugin', authUser: 'alice', authDomain: item.spec.authDomain, authStatus: 0 });
  });

  test('0 → temporary free code (younger than 5 minutes, price 0 or 9999) → 1 for the self-service days; single use', async () => {
    await freeCode(server, 'ABCDEFGH', 60_000);
    const record = dataOf(await activate('carol', 'free-plugin', 'carol.example.com', 'abcd-efgh'));
    expect(record.spec.authStatus).toBe(1);
    expect(secondsFrom(record.spec.expireTime!, 7 * DAY)).toBeLessThan(5);
    const code = documentOf<FreeCode>(await admin(server, 'GET', `${RESOURCES}/freeauthcodes/abcdefgh`));
    expect(code.spec).toMatchObject({ used: true, usedBy: 'carol', authDomain: 'carol.example.com' });
    await freeCode(server, 'JKMNPQRS', 0);
    const trial = dataOf(await activate('carol', 'trial-plugin', 'carol.example.com', 'JKMNPQRS'));
    expect(trial.spec.authStatus).toBe(1);
    const reuse = await activate('carol', 'trial-plugin', 'other.example.com', 'JKMNPQRS');
    expect([reuse.status, reuse.body.code]).toEqual([409, 'CODE_USED']);
  });

  test('0 → permanent code (PENDING, same plugin, restricted user) → 1 until 2099-12-31; code USED; permanent user created', async () => {
    const { codes } = dataOf(
      await admin<GeneratedCodes>(server, 'POST', `${CONSOLE}/permanentcodes`, {
        pluginKey: 'paid-plugin',
        channel: 'card-platform',
        count: 1,
        authUser: 'carol',
      }),
    );
    await apply('carol', 'paid-plugin', 'perm.example.com');
    const record = dataOf(await activate('carol', 'paid-plugin', 'perm.example.com', codes[0].toLowerCase()));
    expect(record.spec).toMatchObject({ authStatus: 1, expireTime: '2099-12-31T23:59:59Z' });
    const listed = dataOf(
      await admin<ListResult<PermanentCode>>(server, 'GET', `${CONSOLE}/permanentcodes?keyword=${codes[0].slice(0, 5)}`),
    ).items[0];
    expect(listed.spec).toMatchObject({ status: 'USED', authUser: 'carol', authDomain: 'perm.example.com', restrictedUser: 'carol' });
    expect(secondsFrom(listed.spec.authTime!, 0)).toBeLessThan(5);
    const users = dataOf(
      await admin<ListResult<PermanentUser>>(server, 'GET', `${CONSOLE}/permanentusers?pluginKey=paid-plugin&authUser=carol`),
    );
    expect(users.items.map((u: { spec: unknown }) => u.spec)).toEqual([
      expect.objectContaining({ pluginKey: 'paid-plugin', authUser: 'carol', source: 'CODE', code: codes[0] }),
    ]);
  });

  test('(no record) → administrator creates a record: authorized without times gets now and now + 3 years', async () => {
    const created = dataOf(
      await admin<AuthLog>(server, 'POST', `${CONSOLE}/authlogs`, {
        pluginKey: 'free-plugin',
        authUser: 'bob',
        authDomain: 'http://Manual.example.com/',
        authStatus: 1,
      }),
    );
    expect(created.spec.authDomain).toBe('manual.example.com');
    expect(Date.parse(created.spec.expireTime!)).toBe(addUtcYears(Date.parse(created.spec.authTime!), 3));
    const pending = dataOf(
      await admin<AuthLog>(server, 'POST', `${CONSOLE}/authlogs`, {
        pluginKey: 'free-plugin',
        authUser: 'bob',
        authDomain: 'manual-0.example.com',
        authStatus: 0,
      }),
    );
    expect(pending.spec).toEqual({ pluginKey: 'free-plugin', authUser: 'bob', authDomain: 'manual-0.example.com', authStatus: 0 });
    const given = dataOf(
      await admin<AuthLog>(server, 'POST', `${CONSOLE}/authlogs`, {
        pluginKey: 'free-plugin',
        authUser: 'bob',
        authDomain: 'manual-1.example.com',
        authStatus: 1,
        authTime: '2026-01-01T08:00:00+08:00',
        expireTime: '2030-01-01T00:00:00.500Z',
      }),
    );
    expect(given.spec).toMatchObject({ authTime: '2026-01-01T00:00:00Z', expireTime: '2030-01-01T00:00:00Z' });
  });

  test('edit: null clears a time, also on an authorized record; authorizing a pending record fills the missing times', async () => {
    const record = dataOf(
      await admin<AuthLog>(server, 'POST', `${CONSOLE}/authlogs`, {
        pluginKey: 'free-plugin',
        authUser: 'bob',
        authDomain: 'edit.example.com',
        authStatus: 1,
      }),
    );
    const path = `${CONSOLE}/authlogs/${record.metadata.name}`;
    const cleared = dataOf(await admin<AuthLog>(server, 'PUT', path, { expireTime: null }));
    expect(cleared.spec.authStatus).toBe(1);
    expect(cleared.spec.expireTime).toBeUndefined();
    expect(cleared.spec.authTime).toBe(record.spec.authTime);
    const both = dataOf(await admin<AuthLog>(server, 'PUT', path, { authStatus: 1, authTime: null, expireTime: null }));
    expect([both.spec.authTime, both.spec.expireTime]).toEqual([undefined, undefined]);
    // Authorizing a pending record as the console sends it (empty times as null) fills them.
    dataOf(await admin<AuthLog>(server, 'PUT', path, { authStatus: 0 }));
    const refilled = dataOf(await admin<AuthLog>(server, 'PUT', path, { authStatus: 1, authTime: null, expireTime: null }));
    expect(Date.parse(refilled.spec.expireTime!)).toBe(addUtcYears(Date.parse(refilled.spec.authTime!), 3));
    const kept = dataOf(await admin<AuthLog>(server, 'PUT', path, { license: 'x' }));
    expect(kept.spec.expireTime).toBe(refilled.spec.expireTime);
  });

  test('every status change queued one auth-notification for the user (inbox; e-mail when SMTP is set)', async () => {
    const carol = await authNotificationsOf(server, 'carol');
    expect(carol.length).toBeGreaterThanOrEqual(4);
    const perm = carol.find((m) => m.spec.text.includes('perm.example.com') && m.spec.title.startsWith('已授权'))!;
    expect(perm.spec.text).toContain('永久授权');
    expect(perm.spec.html).toContain('/uc/plugin-auth');
  });
});

describe('permanent code (status)', () => {
  test('(none) → generated by the administrator → PENDING, bound to plugin and channel', async () => {
    const { codes } = dataOf(
      await admin<GeneratedCodes>(server, 'POST', `${CONSOLE}/permanentcodes`, { pluginKey: 'paid-plugin', channel: 'wechat', count: 3 }),
    );
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/);
    const list = dataOf(await admin<ListResult<PermanentCode>>(server, 'GET', `${CONSOLE}/permanentcodes?channel=wechat&status=PENDING`));
    expect(list.items.map((c: { spec: { code: string } }) => c.spec.code).sort()).toEqual([...codes].sort());
    expect(list.items[0].spec).toMatchObject({
      pluginKey: 'paid-plugin',
      channel: 'wechat',
      status: 'PENDING',
      createdBy: expect.any(String),
    });
  });

  test('PENDING → successful redemption → USED (covered above); PENDING past expiresAt → EXPIRED by the job', async () => {
    const expiresAt = new Date(Date.now() + 2000).toISOString();
    const { codes } = dataOf(
      await admin<GeneratedCodes>(server, 'POST', `${CONSOLE}/permanentcodes`, {
        pluginKey: 'paid-plugin',
        channel: 'qq',
        count: 2,
        expiresAt,
      }),
    );
    const { expireCodes } = await import('../../src/plugin-auth/codes/expire-codes.job.js');
    const { depsOf } = await import('./harness.js');
    const later = clockAt(() => Date.now() + 5000);
    expect(await expireCodes(depsOf(server, later))).toMatchObject({ expiredCodes: 2 });
    const list = dataOf(await admin<ListResult<PermanentCode>>(server, 'GET', `${CONSOLE}/permanentcodes?channel=qq`));
    expect(list.items.map((c: { spec: { status: string } }) => c.spec.status)).toEqual(['EXPIRED', 'EXPIRED']);
    const refused = await activate('alice', 'paid-plugin', 'late.example.com', codes[0]);
    expect([refused.status, refused.body.code]).toEqual([409, 'CODE_EXPIRED']);
  });
});
