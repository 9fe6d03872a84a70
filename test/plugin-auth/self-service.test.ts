/**
 * What the self-service pages get from the service: the download address only for users with a valid
 * authorization (or an entitlement) of the plugin, and the free-code address and administrator e-mail.
 */
import {
  admin,
  as,
  CONSOLE,
  createPlugin,
  createUser,
  dataOf,
  setSettings,
  start,
  UC,
  type AuthLog,
  type ListResult,
  type Server,
  type SitePluginView,
} from './harness.js';

let server: Server;
beforeAll(async () => {
  server = await start();
  for (const user of ['amy', 'bo', 'cy']) await createUser(server, user);
  await createPlugin(server, { key: 'dl-plugin', name: 'Downloadable', price: 0, url: 'https://files.example.com/dl.zip' });
  await createPlugin(server, { key: 'no-url', name: 'No URL', price: 0 });
});
afterAll(() => server.stop());

async function urlsFor(user: string): Promise<Record<string, string | undefined>> {
  const page = dataOf(await as<ListResult<SitePluginView>>(server, user, 'GET', `${UC}/catalog`));
  return Object.fromEntries(page.items.map((p) => [p.spec.key, p.spec.url]));
}

test('the download url is shown only to users with a valid authorization or an entitlement of the plugin', async () => {
  expect(await urlsFor('amy')).toEqual({ 'dl-plugin': undefined, 'no-url': undefined });
  const record = dataOf(
    await as<AuthLog>(server, 'amy', 'POST', `${UC}/authorizations`, { pluginKey: 'dl-plugin', domain: 'amy.example.com' }),
  );
  expect((await urlsFor('amy'))['dl-plugin']).toBeUndefined(); // pending review
  dataOf(await admin(server, 'POST', `${CONSOLE}/authlogs/${record.metadata.name}/authorize`));
  expect((await urlsFor('amy'))['dl-plugin']).toBe('https://files.example.com/dl.zip');
  expect((await urlsFor('bo'))['dl-plugin']).toBeUndefined();
  // Expired: authorized, but past its expireTime.
  dataOf(await admin(server, 'PUT', `${CONSOLE}/authlogs/${record.metadata.name}`, { expireTime: '2020-01-01T00:00:00Z' }));
  expect((await urlsFor('amy'))['dl-plugin']).toBeUndefined();
  // An entitlement (here granted by the administrator) is enough before the first domain.
  dataOf(await admin(server, 'POST', `${CONSOLE}/permanentusers`, { pluginKey: 'dl-plugin', authUser: 'cy' }));
  expect((await urlsFor('cy'))['dl-plugin']).toBe('https://files.example.com/dl.zip');
  // The console keeps seeing it.
  const consoleList = dataOf(await admin<ListResult<SitePluginView>>(server, 'GET', `${CONSOLE}/siteplugins`));
  expect(consoleList.items.find((p) => p.spec.key === 'dl-plugin')?.spec.url).toBe('https://files.example.com/dl.zip');
});

test('getSelfServiceSettings gives users the free-code address and the administrator e-mail (empty when unset)', async () => {
  expect(dataOf(await as(server, 'bo', 'GET', `${UC}/self-service`))).toEqual({ freeCodeUrl: '', adminEmail: '', selfServiceDays: 30 });
  await setSettings(server, { freeCodeUrl: 'https://shop.example.com/free-code', adminEmail: 'ops@example.com' });
  expect(dataOf(await as(server, 'bo', 'GET', `${UC}/self-service`))).toEqual({
    freeCodeUrl: 'https://shop.example.com/free-code',
    adminEmail: 'ops@example.com',
    selfServiceDays: 30,
  });
});

test("the catalog says how many domains a user may apply for: the plugin's limit, else the global one (-1 unlimited)", async () => {
  await createPlugin(server, { key: 'two-domains', name: 'Two', price: 0, authCountLimit: 2 });
  await createPlugin(server, { key: 'no-limit', name: 'No limit', price: 0, authCountLimit: -1 });
  await setSettings(server, { globalAuthCountLimit: 5 });
  const page = dataOf(await as<ListResult<SitePluginView & { domainLimit?: number }>>(server, 'bo', 'GET', `${UC}/catalog`));
  const limits = Object.fromEntries(page.items.map((p) => [p.spec.key, p.domainLimit]));
  expect(limits).toMatchObject({ 'two-domains': 2, 'no-limit': -1, 'no-url': 5 });
});
