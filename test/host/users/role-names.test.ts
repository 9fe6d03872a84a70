/**
 * Roles are shown to people by name, never by id (issue #16): every built-in role and role template has a
 * display name and a description in zh-CN and English; listRoles and getCurrentUser return them.
 */
import fs from 'node:fs';
import * as yaml from 'js-yaml';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { hasChineseText } from '../../../src/host/errors/language.js';
import type { RoleView } from '../../../src/host/users/role-view.js';
import { BOOTSTRAP_TOKEN, CONSOLE, UC, basic, bearer, call, createUser, start, type Server } from '../auth/harness.js';

const ROLE_FILES = ['src/host/crds/builtin-roles.yaml', 'extensions/role-templates.yaml'];

test.each(ROLE_FILES)('%s: every role has a display name and a description in zh-CN and English', (file) => {
  const problems: string[] = [];
  for (const role of yaml.loadAll(fs.readFileSync(file, 'utf8')) as Array<{
    metadata: { name: string; annotations?: Record<string, string> };
  }>) {
    const a = role.metadata.annotations ?? {};
    for (const key of ['authpay.dev/display-name', 'authpay.dev/description'])
      if (!a[key] || !hasChineseText(a[key]) || !a[`${key}-en`] || hasChineseText(a[`${key}-en`]))
        problems.push(`${role.metadata.name}: ${key}`);
    if (a['authpay.dev/module'] && (!a['authpay.dev/module-en'] || hasChineseText(a['authpay.dev/module-en'])))
      problems.push(`${role.metadata.name}: module-en`);
  }
  expect(problems).toEqual([]);
});

let server: Server;
beforeAll(async () => {
  server = await start();
});
afterAll(async () => {
  await server.stop();
});

test('listRoles gives each role its names and description in both languages; hidden roles only when asked', async () => {
  const shown = await call<RoleView[]>(`${server.url}${CONSOLE}/roles`, { headers: bearer(BOOTSTRAP_TOKEN) });
  expect(shown.status).toBe(200);
  const names = shown.body.data.map((r) => r.name);
  expect(names).toContain('super-role');
  expect(names).not.toContain('authenticated');
  expect(shown.body.data.find((r) => r.name === 'role-template-plugin-auth-view')).toMatchObject({
    displayName: '插件授权查看',
    description: '查看插件、授权记录、授权码、永久用户和设置',
    module: '插件授权',
    i18n: { en: { displayName: 'View plugin authorization', module: 'Plugin authorization' } },
    template: true,
    hidden: false,
    uiPermissions: ['plugin:plugin-auth:view'],
  });
  const all = await call<RoleView[]>(`${server.url}${CONSOLE}/roles?includeHidden=true`, { headers: bearer(BOOTSTRAP_TOKEN) });
  const byName = Object.fromEntries(all.body.data.map((r) => [r.name, r]));
  expect(byName.authenticated).toMatchObject({
    displayName: '已登录用户',
    hidden: true,
    system: true,
    i18n: { en: { displayName: 'Signed-in user' } },
  });
  expect(byName.anonymous.i18n.en.displayName).toBe('Anonymous visitor');
  for (const role of all.body.data) expect([role.name, role.displayName === role.name]).toEqual([role.name, false]);
});

test("getCurrentUser names the caller's roles, including the implicit authenticated and anonymous", async () => {
  await createUser(server, 'tina');
  const me = await call<{ roles: string[]; roleDetails: RoleView[] }>(`${server.url}${UC}/users/-`, {
    headers: basic('tina', 'user-password-1'),
  });
  expect(me.body.data.roles).toEqual(['authenticated', 'anonymous']);
  expect(me.body.data.roleDetails.map((r) => [r.name, r.displayName, r.i18n.en.displayName])).toEqual([
    ['authenticated', '已登录用户', 'Signed-in user'],
    ['anonymous', '匿名访问', 'Anonymous visitor'],
  ]);
});

test('listRoles says which roles are merged into another: a template aggregated into authenticated needs no grant', async () => {
  const shown = await call<RoleView[]>(`${server.url}${CONSOLE}/roles`, { headers: bearer(BOOTSTRAP_TOKEN) });
  const byName = Object.fromEntries(shown.body.data.map((r) => [r.name, r]));
  expect(byName['role-template-plugin-auth-user-view'].aggregatedInto).toEqual(['authenticated']);
  expect(byName['role-template-payment-uc-manage'].aggregatedInto).toEqual(['authenticated']);
  expect(byName['role-template-plugin-auth-view'].aggregatedInto).toEqual([]);
  expect(byName['super-role'].aggregatedInto).toEqual([]);
});
