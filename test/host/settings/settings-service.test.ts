import { applySettingResources } from '../../../src/host/settings/extension-loader.js';
import { SettingsService } from '../../../src/host/settings/settings-service.js';
import type { ConfigMap, SettingsChange } from '../../../src/host/settings/types.js';
import { capturingLogger, sqliteClient, writeExtensions } from './harness.js';

interface Basic {
  siteName: string;
  contact?: string;
  limit: number;
  exempt: boolean;
  mode: string;
}

async function setUp() {
  const env = await sqliteClient();
  const { logger, lines } = capturingLogger();
  await applySettingResources(env.client, writeExtensions(env.dir), {
    pluginName: 'demo',
    settingName: 'demo-settings',
    configMapName: 'demo-configmap',
    logger,
  });
  const settings = new SettingsService(env.client, logger);
  await settings.start();
  return { ...env, settings, lines, logger };
}

async function eventually(check: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('condition not reached');
}

test('reads defaults from the form, overlaid with the shipped ConfigMap values', async () => {
  const t = await setUp();
  const basic = await t.settings.get<Basic>('demo-settings', 'basic');
  expect(basic).toEqual({ siteName: 'Shipped', limit: 5, exempt: true, mode: 'fast' });
  const all = await t.settings.get<Record<string, Record<string, unknown>>>('demo-settings');
  expect(all.security).toEqual({ signingKey: '', cron: '0 * * * *' });
  await expect(t.settings.get('demo-settings', 'nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  await expect(t.settings.get('missing-settings')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  t.settings.stop();
  await t.close();
});

test('loading the plugin again keeps values an administrator saved', async () => {
  const t = await setUp();
  await t.settings.update('demo-settings', { basic: { siteName: 'Mine' } });
  await applySettingResources(t.client, `${t.dir}/extensions`, {
    pluginName: 'demo',
    settingName: 'demo-settings',
    configMapName: 'demo-configmap',
  });
  expect((await t.settings.get<Basic>('demo-settings', 'basic')).siteName).toBe('Mine');
  const cm = await t.client.get<ConfigMap>('ConfigMap', 'demo-configmap');
  expect(cm.metadata.labels).toMatchObject({ 'plugin.authpay.dev/plugin-name': 'demo' });
  t.settings.stop();
  await t.close();
});

test('writes are validated per group and a refused write changes nothing', async () => {
  const t = await setUp();
  await expect(t.settings.update('demo-settings', { basic: { contact: 'not-an-email' } })).rejects.toMatchObject({
    code: 'VALIDATION_FAILED',
    details: [expect.objectContaining({ field: 'basic.contact' })],
  });
  await expect(t.settings.update('demo-settings', { basic: { limit: 5000, mode: 'other' } })).rejects.toMatchObject({
    code: 'VALIDATION_FAILED',
  });
  await expect(t.settings.update('demo-settings', { basic: { unknownField: 1 } })).rejects.toMatchObject({
    details: [expect.objectContaining({ field: 'basic.unknownField' })],
  });
  await expect(t.settings.update('demo-settings', { basic: { siteName: '' } })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  await expect(t.settings.update('demo-settings', { nogroup: {} })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  expect((await t.settings.get<Basic>('demo-settings', 'basic')).siteName).toBe('Shipped');
  t.settings.stop();
  await t.close();
});

test('a group rule judges the complete next value of its group on every write, and can be removed', async () => {
  const t = await setUp();
  // "safe" mode needs a limit: a rule across two fields that no field's own schema can say.
  const remove = t.settings.addGroupRule('demo-settings', 'basic', (basic) =>
    basic.mode === 'safe' && basic.limit === -1 ? [{ field: 'limit', zh: '在安全模式下不能为 -1', en: 'cannot be -1 in safe mode' }] : [],
  );
  await t.settings.update('demo-settings', { basic: { limit: -1 } });
  await expect(t.settings.update('demo-settings', { basic: { mode: 'safe' } })).rejects.toMatchObject({
    code: 'VALIDATION_FAILED',
    details: [{ field: 'basic.limit', message: 'Limit 在安全模式下不能为 -1', messageEn: 'limit cannot be -1 in safe mode' }],
  });
  expect((await t.settings.get<Basic>('demo-settings', 'basic')).mode).toBe('fast');
  await t.settings.update('demo-settings', { security: { cron: '5 * * * *' } }); // another group: not judged
  await t.settings.update('demo-settings', { basic: { mode: 'safe', limit: 3 } });
  remove();
  await t.settings.update('demo-settings', { basic: { limit: -1 } });
  expect((await t.settings.get<Basic>('demo-settings', 'basic')).limit).toBe(-1);
  t.settings.stop();
  await t.close();
});

test('values are coerced to the field types and null resets a field to its default', async () => {
  const t = await setUp();
  await t.settings.update('demo-settings', { basic: { limit: '42', exempt: false, contact: 'ops@example.com' } });
  let basic = await t.settings.get<Basic>('demo-settings', 'basic');
  expect(basic).toMatchObject({ limit: 42, exempt: false, contact: 'ops@example.com' });
  await t.settings.update('demo-settings', { basic: { limit: null, contact: null } });
  basic = await t.settings.get<Basic>('demo-settings', 'basic');
  expect(basic.limit).toBe(5);
  expect(basic.contact).toBeUndefined();
  t.settings.stop();
  await t.close();
});

test('secrets are masked on read, kept when the mask is written back, and never logged', async () => {
  const t = await setUp();
  const secret = 'sk_live_very-secret-value';
  await t.settings.update('demo-settings', { security: { apiAccessSecret: secret } });
  const view = await t.settings.view('demo-settings');
  expect(view.values.security).toEqual({ apiAccessSecret: '******', signingKey: '', cron: '0 * * * *' });
  expect(view.secrets).toEqual(
    expect.arrayContaining([
      { group: 'security', field: 'apiAccessSecret', configured: true },
      { group: 'security', field: 'signingKey', configured: false },
    ]),
  );
  await t.settings.update('demo-settings', { security: { apiAccessSecret: '******', cron: '*/5 * * * *' } });
  expect(await t.settings.get('demo-settings', 'security')).toMatchObject({ apiAccessSecret: secret, cron: '*/5 * * * *' });
  expect(t.lines.length).toBeGreaterThan(0);
  expect(t.lines.join('\n')).not.toContain(secret);
  t.settings.stop();
  await t.close();
});

test('another instance on the same store sees a write through its watch and tells its listeners', async () => {
  const t = await setUp();
  const other = new SettingsService(t.client, t.logger);
  await other.start();
  expect((await other.get<Basic>('demo-settings', 'basic')).siteName).toBe('Shipped');
  const changes: SettingsChange[] = [];
  other.onChange((c) => changes.push(c));
  await t.settings.update('demo-settings', { basic: { siteName: 'Renamed' } });
  await eventually(async () => (await other.get<Basic>('demo-settings', 'basic')).siteName === 'Renamed');
  expect(changes).toContainEqual({ settingName: 'demo-settings', configMapName: 'demo-configmap', groups: ['basic'] });
  // a direct write of the ConfigMap (e.g. kubectl) is seen as well
  const cm = await t.client.get<ConfigMap>('ConfigMap', 'demo-configmap');
  await t.client.update({ ...cm, data: { ...cm.data, basic: JSON.stringify({ siteName: 'Kubectl' }) } });
  await eventually(async () => (await other.get<Basic>('demo-settings', 'basic')).siteName === 'Kubectl');
  other.stop();
  t.settings.stop();
  await t.close();
});

test('resources applied after the service started are served at once when the loader is given the cache', async () => {
  const env = await sqliteClient();
  const { logger } = capturingLogger();
  const settings = new SettingsService(env.client, logger);
  await settings.start();
  await applySettingResources(env.client, writeExtensions(env.dir), {
    pluginName: 'demo',
    settingName: 'demo-settings',
    configMapName: 'demo-configmap',
    cache: settings,
  });
  expect((await settings.get<Basic>('demo-settings', 'basic')).siteName).toBe('Shipped');
  settings.stop();
  await env.close();
});
