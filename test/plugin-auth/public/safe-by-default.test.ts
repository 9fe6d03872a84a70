import type { AuthLog, ListResult } from '../harness.js';
import {
  CONSOLE,
  UC,
  admin,
  as,
  authNotificationsOf,
  createPlugin,
  createUser,
  dataOf,
  setSettings,
  start,
  type Server,
} from '../harness.js';
import { OPEN, createRecord, publicGet } from './open-harness.js';

/**
 * Issue 21 item 5: the public API is safe by default. Without an apiAccessSecret the endpoints that write or
 * reveal a user's data are refused; with one, every /public/** call needs it; and records created through
 * publicAuth wait for the user's confirmation, so a stranger who knows a user name cannot spend that user's
 * domain limit.
 */
let server: Server;
const SECRET = 'item5-secret-value';
const withSecret = { authorization: `Bearer ${SECRET}` };

beforeAll(async () => {
  server = await start();
  for (const user of ['victim', 'other']) await createUser(server, user);
  await createPlugin(server, { key: 'paid', price: 10, authCountLimit: 3 });
  await createPlugin(server, { key: 'free', price: 0 });
  await createRecord(server, { pluginKey: 'paid', authUser: 'other', authDomain: 'known.example.com', authStatus: 1 });
});
afterAll(() => server.stop());

const records = () => server.runtime.client.count('SitePluginAuthLog');
const mine = async (user: string, pluginKey: string) =>
  dataOf(await as<ListResult<AuthLog>>(server, user, 'GET', `${UC}/authorizations?pluginKey=${pluginKey}&size=100`)).items;
const applyInUserCenter = (user: string, pluginKey: string, domain: string) =>
  as<AuthLog>(server, user, 'POST', `${UC}/authorizations`, { pluginKey, domain });

/** The four endpoints that write or reveal a user's data, with valid queries. */
const PRIVATE: Array<[string, Record<string, string>]> = [
  ['auth', { pluginKey: 'paid', authDomain: 'squat.evil-shop.com', authUser: 'victim' }],
  ['getAuthLogs', { authUser: 'other' }],
  ['authUser', { pluginKey: 'paid', authDomain: 'known.example.com' }],
  ['checkUser', { username: 'victim' }],
];

describe('no apiAccessSecret configured (the default)', () => {
  test('publicAuth, getAuthLogs, authUser and checkUser are refused with 403, bilingual, and nothing is written', async () => {
    const before = await records();
    for (const [endpoint, query] of PRIVATE) {
      const zh = await publicGet(server, endpoint, query);
      expect([endpoint, zh.status, zh.body.success, zh.body.code]).toEqual([endpoint, 403, false, 'API_SECRET_NOT_CONFIGURED']);
      expect(zh.body.message).toContain('apiAccessSecret');
      expect(zh.body.message).toContain('插件设置');
      expect(zh.body.data).toBeNull();
      const en = await publicGet(server, endpoint, query, { 'accept-language': 'en' });
      expect([en.status, en.body.code]).toEqual([403, 'API_SECRET_NOT_CONFIGURED']);
      expect(en.body.message).toMatch(/administrator.*apiAccessSecret.*settings/i);
    }
    expect(await records()).toBe(before);
  });

  test('spellings the router also accepts (case, trailing slash, encoded letters) are refused too', async () => {
    const query = { pluginKey: 'paid', authDomain: 'squat.evil-shop.com', authUser: 'victim' };
    const before = await records();
    for (const endpoint of ['AUTH', 'auth/', 'Auth', '%61uth', 'getauthlogs?authUser=other&', 'CheckUser?username=victim&']) {
      const res = await publicGet(server, endpoint, query);
      expect([endpoint, res.status]).toEqual([endpoint, 403]);
    }
    const upper = await publicGet(server, '../PUBLIC/auth', query);
    expect(upper.status).not.toBe(200);
    // A signed-in caller passes RBAC whatever the letter case; the guard still sees /PUBLIC/** as public.
    const signedIn = await admin(server, 'GET', `${OPEN}/PUBLIC/checkUser?username=victim`);
    expect([signedIn.status, signedIn.body.code]).toEqual([403, 'API_SECRET_NOT_CONFIGURED']);
    expect(await records()).toBe(before);
  });

  test('checkAuth, pluginInfo, jwks and generateAuthCode stay open', async () => {
    const checked = await publicGet<{ code: string }>(server, 'checkAuth', { pluginKey: 'paid', authDomain: 'known.example.com' });
    expect([checked.status, dataOf(checked).code]).toEqual([200, 'VALID']);
    expect((await publicGet(server, 'pluginInfo', { pluginKey: 'paid' })).status).toBe(200);
    expect((await publicGet(server, 'jwks')).status).toBe(200);
    expect((await publicGet(server, 'generateAuthCode', { pluginKey: 'free' })).status).toBe(200);
    expect((await publicGet(server, 'checkAuth/', { pluginKey: 'paid', authDomain: 'known.example.com' })).status).toBe(200);
  });
});

describe('an apiAccessSecret configured', () => {
  beforeAll(() => setSettings(server, { apiAccessSecret: SECRET }));
  afterAll(() => setSettings(server, { apiAccessSecret: null }));

  test('every public endpoint needs it (401 without), and answers with it', async () => {
    const open: Array<[string, Record<string, string>]> = [
      ['checkAuth', { pluginKey: 'paid', authDomain: 'known.example.com' }],
      ['pluginInfo', { pluginKey: 'paid' }],
      ['jwks', {}],
      ['generateAuthCode', { pluginKey: 'free' }],
    ];
    for (const [endpoint, query] of [...open, ...PRIVATE.filter(([e]) => e !== 'auth')]) {
      const without = await publicGet(server, endpoint, query);
      expect([endpoint, without.status, without.body.code]).toEqual([endpoint, 401, 'API_SECRET_INVALID']);
      expect([endpoint, (await publicGet(server, endpoint, query, withSecret)).status]).toEqual([endpoint, 200]);
    }
    const signedIn = await admin(server, 'GET', `${OPEN}/PUBLIC/checkUser?username=victim`);
    expect([signedIn.status, signedIn.body.code]).toEqual([401, 'API_SECRET_INVALID']);
    for (const endpoint of ['AUTH', 'auth/', '../PUBLIC/auth']) {
      const res = await publicGet(server, endpoint, { pluginKey: 'paid', authDomain: 'x.evil-shop.com', authUser: 'victim' });
      expect([endpoint, res.status]).toEqual([endpoint, 401]);
    }
  });

  test('three publicAuth calls for a victim with domain limit 3 leave the victim able to apply for their own domains', async () => {
    for (let n = 1; n <= 3; n++) {
      const created = dataOf(
        await publicGet<{ created: boolean; authStatus: number; unconfirmed?: boolean }>(
          server,
          'auth',
          { pluginKey: 'paid', authDomain: `squat-${n}.evil-shop.com`, authUser: 'victim' },
          withSecret,
        ),
      );
      expect(created).toMatchObject({ created: true, authStatus: 0, unconfirmed: true });
    }
    // The unconfirmed queue is bounded by the same limit: a fourth stranger's application is refused.
    const fourth = await publicGet(
      server,
      'auth',
      { pluginKey: 'paid', authDomain: 'squat-4.evil-shop.com', authUser: 'victim' },
      withSecret,
    );
    expect([fourth.status, fourth.body.code, fourth.body.message]).toEqual([409, 'AUTH_LIMIT_EXCEEDED', '授权数量已超限']);
    expect(fourth.body.details?.[0]).toMatchObject({ field: 'authUser', message: '最多 3 条待确认，已有 3 条' });

    for (const domain of ['a.victim-shop.com', 'b.victim-shop.com', 'c.victim-shop.com']) {
      const own = await applyInUserCenter('victim', 'paid', domain);
      expect([domain, own.status, dataOf(own).spec.unconfirmed]).toEqual([domain, 200, undefined]);
    }
    const over = await applyInUserCenter('victim', 'paid', 'd.victim-shop.com');
    expect([over.status, over.body.code]).toEqual([409, 'AUTH_LIMIT_EXCEEDED']);
    const list = await mine('victim', 'paid');
    expect(
      list
        .filter((r) => r.spec.unconfirmed)
        .map((r) => r.spec.authDomain)
        .sort(),
    ).toEqual(['squat-1.evil-shop.com', 'squat-2.evil-shop.com', 'squat-3.evil-shop.com']);
  });

  test('the user confirms a public application by applying for it in the user center, under the limit', async () => {
    await createUser(server, 'owner');
    dataOf(await admin(server, 'POST', `${CONSOLE}/permanentusers`, { pluginKey: 'paid', authUser: 'owner' }));
    const asked = dataOf(
      await publicGet<{ authStatus: number; unconfirmed?: boolean }>(
        server,
        'auth',
        { pluginKey: 'paid', authDomain: 'site.owner-shop.com', authUser: 'owner' },
        withSecret,
      ),
    );
    // Even an entitled user's record is not authorized before the user confirms it.
    expect(asked).toMatchObject({ authStatus: 0, unconfirmed: true });
    const pending = await publicGet<{ code: string }>(
      server,
      'checkAuth',
      { pluginKey: 'paid', authDomain: 'site.owner-shop.com' },
      withSecret,
    );
    expect(dataOf(pending).code).toBe('PENDING');
    const before = await records();
    const confirmed = dataOf(await applyInUserCenter('owner', 'paid', 'https://site.owner-shop.com/'));
    expect(confirmed.spec).toMatchObject({ authStatus: 1, expireTime: '2099-12-31T23:59:59Z' });
    expect(confirmed.spec.unconfirmed).toBeUndefined();
    expect(await records()).toBe(before);
    const valid = await publicGet<{ code: string }>(
      server,
      'checkAuth',
      { pluginKey: 'paid', authDomain: 'site.owner-shop.com' },
      withSecret,
    );
    expect(dataOf(valid).code).toBe('VALID');
    // Confirming counts the record: two more own domains fill the limit of 3.
    for (const domain of ['two.owner-shop.com', 'three.owner-shop.com'])
      expect((await applyInUserCenter('owner', 'paid', domain)).status).toBe(200);
    expect((await applyInUserCenter('owner', 'paid', 'four.owner-shop.com')).body.code).toBe('AUTH_LIMIT_EXCEEDED');
  });

  test('confirming is refused when the user has no slot left, and the record stays unconfirmed', async () => {
    const last = dataOf(
      await publicGet<{ name: string }>(
        server,
        'auth',
        { pluginKey: 'paid', authDomain: 'late.owner-shop.com', authUser: 'owner' },
        withSecret,
      ),
    );
    const refused = await applyInUserCenter('owner', 'paid', 'late.owner-shop.com');
    expect([refused.status, refused.body.code]).toEqual([409, 'AUTH_LIMIT_EXCEEDED']);
    const still = (await mine('owner', 'paid')).find((r) => r.metadata.name === last.name);
    expect(still?.spec).toMatchObject({ authStatus: 0, unconfirmed: true });
  });

  test('the user is told that someone applied in their name, and what to do', async () => {
    const told = (await authNotificationsOf(server, 'victim')).filter((m) => m.spec.text.includes('squat-1.evil-shop.com'));
    expect(told).toHaveLength(1);
    expect(told[0].spec.title).toMatch(/^待确认: /);
    expect(told[0].spec.text).toContain('他人通过公开接口为您申请，请在用户中心确认');
  });

  test("an administrator's authorize confirms the record (the administrator vouches for it)", async () => {
    await createUser(server, 'reviewed');
    const asked = dataOf(
      await publicGet<{ name: string }>(
        server,
        'auth',
        { pluginKey: 'paid', authDomain: 'r.reviewed-shop.com', authUser: 'reviewed' },
        withSecret,
      ),
    );
    const authorized = dataOf(await admin<AuthLog>(server, 'POST', `${CONSOLE}/authlogs/${asked.name}/authorize`));
    expect(authorized.spec.authStatus).toBe(1);
    expect(authorized.spec.unconfirmed).toBeUndefined();
  });
});
