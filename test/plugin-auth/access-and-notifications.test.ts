import {
  CONSOLE,
  UC,
  admin,
  as,
  authNotificationsOf,
  call,
  createPlugin,
  createUser,
  dataOf,
  documentOf,
  freeCode,
  type AuthLog,
  type ListResult,
  start,
  type Server,
  type StoredOutboxMessage,
} from './harness.js';

let server: Server;
beforeAll(async () => {
  server = await start();
  for (const user of ['ivy', 'jack', 'kim', 'viewer', 'manager']) await createUser(server, user);
  const grant = (user: string, roles: string[]) =>
    admin(server, 'PUT', `/apis/console.api.host.authpay.dev/v1alpha1/users/${user}/roles`, { roles });
  dataOf(await grant('viewer', ['role-template-plugin-auth-view']));
  dataOf(await grant('manager', ['role-template-plugin-auth-manage']));
  await createPlugin(server, { key: 'news', name: 'Newsletter', price: 0 });
});
afterAll(() => server.stop());

const OPERATIONS = {
  console:
    'listSitePlugins createSitePlugin updateSitePlugin deleteSitePlugin reorderSitePlugins listAuthLogs createAuthLog updateAuthLog '
    + 'authorizeAuthLog batchAuthorizeAuthLogs batchCancelAuthLogs deleteAuthLog importAuthLogs exportAuthLogs '
    + 'generatePermanentCodes listPermanentCodes exportPermanentCodes deletePermanentCode listPermanentUsers createPermanentUser '
    + 'deletePermanentUser sendBulkNotification getPluginAuthSettings getPluginAuthSettingsForm updatePluginAuthSettings uploadPluginLogo',
  uc:
    'listCatalog applyAuthorization activateAuthorization listMyAuthLogs deleteMyAuthLog checkoutPlugin listMyEntitlements '
    + 'getSelfServiceSettings',
};

test('every operationId is in /openapi.json under its group', async () => {
  const doc = documentOf<{ paths: Record<string, Record<string, { operationId?: string } | undefined>> }>(
    await admin(server, 'GET', '/openapi.json'),
  );
  const found = new Map<string, string>();
  for (const [path, item] of Object.entries(doc.paths))
    for (const op of Object.values(item)) if (op?.operationId) found.set(op.operationId, path);
  for (const id of OPERATIONS.console.split(' '))
    expect([id, found.get(id)?.startsWith('/apis/console.api.pluginauth.authpay.dev/v1alpha1/')]).toEqual([id, true]);
  for (const id of OPERATIONS.uc.split(' '))
    expect([id, found.get(id)?.startsWith('/apis/uc.api.pluginauth.authpay.dev/v1alpha1/')]).toEqual([id, true]);
});

test('plugin:plugin-auth:view reads (lists, exports), :manage writes; users reach only the user center', async () => {
  expect((await as(server, 'viewer', 'GET', `${CONSOLE}/authlogs`)).status).toBe(200);
  expect((await as(server, 'viewer', 'GET', `${CONSOLE}/authlogs-export`)).status).toBe(200);
  expect((await as(server, 'viewer', 'GET', `${CONSOLE}/settings`)).status).toBe(200);
  // The settings page's form, for a caller who may not read the host's settings operations.
  const form = dataOf(await as(server, 'viewer', 'GET', `${CONSOLE}/settings-form`)) as Array<{
    group: string;
    formSchema: { name: string }[];
  }>;
  expect(form.map((f) => f.group)).toEqual(['basic', 'limits', 'security', 'cleanup']);
  expect(form.flatMap((f) => f.formSchema.map((x) => x.name))).toContain('globalAuthCountLimit');
  expect((await as(server, 'viewer', 'GET', '/apis/console.api.host.authpay.dev/v1alpha1/settings/plugin-auth-settings')).status).toBe(403);
  for (const [method, path] of [
    ['POST', '/siteplugins'],
    ['POST', '/permanentcodes'],
    ['PUT', '/settings'],
    ['POST', '/notifications'],
  ] as const) {
    expect([path, (await as(server, 'viewer', method, `${CONSOLE}${path}`, {})).status]).toEqual([path, 403]);
  }
  const made = await as(server, 'manager', 'POST', `${CONSOLE}/permanentcodes`, { pluginKey: 'news', channel: 'qq', count: 1 });
  expect(made.status).toBe(201);
  expect((await as(server, 'ivy', 'GET', `${CONSOLE}/authlogs`)).status).toBe(403);
  expect((await as(server, 'ivy', 'GET', `${UC}/catalog`)).status).toBe(200);
  expect((await call(`${server.url}${UC}/catalog`)).status).toBe(401);
});

test('settings: defaults from the spec, partial writes by key, secrets masked', async () => {
  const defaults = dataOf(await admin(server, 'GET', `${CONSOLE}/settings`));
  expect(defaults).toMatchObject({
    globalAuthCountLimit: -1,
    selfServiceDays: 30,
    authCodeCreateLimit: 50,
    exemptDevelopmentHosts: true,
    cleanupEnabled: true,
    apiAccessSecret: '',
    corsWhiteList: [],
  });
  const written = dataOf(
    await admin(server, 'PUT', `${CONSOLE}/settings`, {
      apiAccessSecret: 's3cret-value',
      adminEmail: 'ops@example.com',
      channels: ['qq', 'shop-1'],
    }),
  );
  expect(written).toMatchObject({
    apiAccessSecret: '******',
    adminEmail: 'ops@example.com',
    channels: ['qq', 'shop-1'],
    selfServiceDays: 30,
  });
  expect(JSON.stringify(written)).not.toContain('s3cret-value');
  const bad = await admin(server, 'PUT', `${CONSOLE}/settings`, { selfServiceDays: 0 });
  expect(bad.status).toBe(400);
  const unknown = await admin(server, 'PUT', `${CONSOLE}/settings`, { nope: 1 });
  expect(unknown.status).toBe(400);
  dataOf(await admin(server, 'PUT', `${CONSOLE}/settings`, { channels: null }));
});

test('bulk notification: sanitized HTML, each distinct user of the plugin and status once, e-mail addresses resolved', async () => {
  for (const [user, domain] of [
    ['ivy', 'a.example.com'],
    ['ivy', 'b.example.com'],
    ['jack', 'c.example.com'],
    ['kim', 'd.example.com'],
  ]) {
    dataOf(await as(server, user, 'POST', `${UC}/authorizations`, { pluginKey: 'news', domain }));
  }
  const kims = dataOf(await as<ListResult<AuthLog>>(server, 'kim', 'GET', `${UC}/authorizations`)).items[0].metadata.name;
  dataOf(await admin(server, 'POST', `${CONSOLE}/authlogs/${kims}/authorize`));
  const res = dataOf(
    await admin(server, 'POST', `${CONSOLE}/notifications`, {
      pluginKey: 'news',
      authStatus: 0,
      title: 'Maintenance <tonight>',
      content: '<p onclick="x()">Hello <b>friends</b><script>alert(1)</script><a href="javascript:evil()">x</a></p>',
    }),
  );
  expect(res).toMatchObject({ users: 2, messages: 4, skippedUsers: [] });
  const bulk = [
    ...(await authNotificationsOf(server, 'ivy', 'auth-bulk-notification')),
    ...(await authNotificationsOf(server, 'jack', 'auth-bulk-notification')),
  ];
  expect(bulk).toHaveLength(2);
  for (const m of bulk) {
    expect(m.spec.title).toBe('Maintenance <tonight>');
    expect(m.spec.html).toContain('<b>friends</b>');
    expect(m.spec.html).not.toMatch(/script|onclick|javascript/);
  }
  const bulkEmails = async () => {
    const found: StoredOutboxMessage[] = [];
    for await (const m of server.runtime.client.listAll<StoredOutboxMessage>('OutboxMessage'))
      if (m.spec.template === 'auth-bulk-notification' && m.spec.channel === 'EMAIL') found.push(m);
    return found;
  };
  // Without SMTP the worker puts each message's inbox part in and parks its e-mail as WAITING_CONFIG.
  let emails = await bulkEmails();
  for (let i = 0; i < 400 && !emails.every((m) => m.status?.phase === 'WAITING_CONFIG'); i++) {
    await new Promise((r) => setTimeout(r, 25));
    emails = await bulkEmails();
  }
  expect(emails.map((m) => m.spec.recipient).sort()).toEqual(['ivy@example.com', 'jack@example.com']);
  expect(emails.map((m) => [m.status?.phase, m.spec.inbox, Boolean(m.status?.inboxAt)])).toEqual([
    ['WAITING_CONFIG', true, true],
    ['WAITING_CONFIG', true, true],
  ]);
  const empty = await admin(server, 'POST', `${CONSOLE}/notifications`, {
    pluginKey: 'news',
    authStatus: 1,
    title: 't',
    content: '<script>only()</script>',
  });
  expect([empty.status, empty.body.code]).toEqual([400, 'VALIDATION_FAILED']);
});

test('auth-notification: inbox and e-mail with plugin, domain, user, times and the jump address, delivered to the inbox', async () => {
  const kim = await authNotificationsOf(server, 'kim');
  const authorized = kim.find((m) => m.spec.title.startsWith('已授权'))!;
  for (const part of ['Newsletter', 'd.example.com', 'kim', '/uc/plugin-auth']) expect(authorized.spec.text).toContain(part);
  let email = 0;
  for await (const m of server.runtime.client.listAll<StoredOutboxMessage>('OutboxMessage'))
    if (m.spec.template === 'auth-notification' && m.spec.recipient === 'kim@example.com') email++;
  expect(email).toBe(kim.length);
  type Inbox = { total: number; items: Array<{ spec?: { title: string }; title?: string }> };
  let inbox: Inbox | undefined;
  for (const end = Date.now() + 5000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    const page: Inbox = dataOf(await as(server, 'kim', 'GET', '/apis/uc.api.host.authpay.dev/v1alpha1/notifications'));
    inbox = page;
    if (page.total >= kim.length) break;
  }
  expect(inbox!.items.map((n) => n.spec?.title ?? n.title)).toEqual(expect.arrayContaining([authorized.spec.title]));
});

test('activating with a code sends one auth-notification, 已授权, and no 待审核 (issue #16)', async () => {
  await createUser(server, 'lily');
  await createPlugin(server, { key: 'one-note', name: 'One Note', price: 0 });
  await freeCode(server, 'MNPQRSTU', 0);
  const before = (await authNotificationsOf(server, 'lily')).length;
  const activated = await as<AuthLog>(server, 'lily', 'POST', `${UC}/authorizations/activate`, {
    pluginKey: 'one-note',
    domain: 'lily.example.com',
    code: 'MNPQRSTU',
  });
  expect(dataOf(activated).spec.authStatus).toBe(1);
  const titles = (await authNotificationsOf(server, 'lily')).slice(before).map((m) => m.spec.title);
  expect(titles).toHaveLength(1);
  expect(titles[0]).toMatch(/^已授权/);
  expect(titles.join()).not.toMatch(/待审核/);

  // A plain application still tells the user it waits for review.
  await as(server, 'lily', 'POST', `${UC}/authorizations`, { pluginKey: 'one-note', domain: 'later.example.com' });
  const after = (await authNotificationsOf(server, 'lily')).map((m) => m.spec.title);
  expect(after.filter((t) => t.startsWith('待审核'))).toHaveLength(1);
});
