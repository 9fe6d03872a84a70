import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HostRuntime } from '../../../src/host/runtime.js';
import type { PluginContext } from '../../../src/host/plugin/plugin-context.js';
import { FlatSettings } from '../../../src/host/settings/flat-settings.js';

const TOKEN = 'bootstrap-token-for-settings-tests-0123';
const BASE = '/apis/console.api.host.authpay.dev/v1alpha1';

const PLUGIN_SETTING = `
apiVersion: v1alpha1
kind: Setting
metadata: { name: demo-plugin-settings }
spec:
  forms:
    - group: security
      formSchema:
        - { $formkit: password, name: apiAccessSecret }
    - group: limits
      formSchema:
        - { $formkit: number, name: authCodeCreateLimit, number: integer, value: 50, validation: "min:1|max:1000" }
`;

async function startRuntime() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-settings-api-'));
  const runtime = new HostRuntime({ port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent', bootstrapToken: TOKEN }, {});
  await runtime.init();
  return { runtime, dataDir };
}

/** The settings answer's data as the tests read it. */
interface SettingsView {
  values: Record<string, unknown>;
  secrets: Array<{ group: string; field: string; configured: boolean }>;
}

/** An envelope answer; T is what the test reads of its data (the settings view unless told). */
interface Envelope<T> {
  success: boolean;
  code?: string;
  details?: Array<{ field?: string; message: string }>;
  data: T;
}

async function call<T = SettingsView>(url: string, method = 'GET', body?: unknown, auth = true) {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': 'en' };
  if (auth) headers.authorization = `Bearer ${TOKEN}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

test('the console reads and writes host settings: secrets masked, validated, visible at once', async () => {
  const { runtime, dataDir } = await startRuntime();
  const port = await runtime.listen();
  const url = `http://127.0.0.1:${port}${BASE}/settings/host-settings`;
  try {
    let res = await call(url);
    expect(res.status).toBe(200);
    expect(res.body.data.values.smtp).toMatchObject({ port: 587, password: '' });
    expect(res.body.data.secrets).toContainEqual({ group: 'smtp', field: 'password', configured: false });

    res = await call(url, 'PUT', {
      smtp: { host: 'smtp.example.com', password: 'pa55-word-secret', from: 'AuthPay <noreply@example.com>' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.values.smtp).toMatchObject({ host: 'smtp.example.com', password: '******' });
    expect(JSON.stringify(res.body)).not.toContain('pa55-word-secret');
    expect(await runtime.workloads.settings.get('host-settings', 'smtp')).toMatchObject({ password: 'pa55-word-secret' });

    res = await call(url, 'PUT', { smtp: { password: '******', port: 465, secure: true } });
    expect(res.status).toBe(200);
    expect(await runtime.workloads.settings.get('host-settings', 'smtp')).toMatchObject({
      password: 'pa55-word-secret',
      port: 465,
      secure: true,
    });

    res = await call(url, 'PUT', { smtp: { port: 70000 } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(res.body.details).toContainEqual(expect.objectContaining({ field: 'smtp.port' }));
    expect(await runtime.workloads.settings.get('host-settings', 'smtp')).toMatchObject({ port: 465 });

    // The sender must be an address a mail server takes (issue #29 item 8): refused at the field, nothing saved.
    res = await call(url, 'PUT', { smtp: { from: 'not-an-email' } });
    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual(
      expect.objectContaining({ field: 'smtp.from', message: expect.stringMatching(/must be an e-mail address/) }),
    );
    expect(await runtime.workloads.settings.get('host-settings', 'smtp')).toMatchObject({ from: 'AuthPay <noreply@example.com>' });
    expect((await call(url, 'PUT', { smtp: { from: 'noreply@example.com' } })).status).toBe(200);

    // host settings drive the host components at once: sign-up switched off is refused on the next request
    const signUp = `http://127.0.0.1:${port}/apis/uc.api.host.authpay.dev/v1alpha1/signup`;
    const newUser = { username: 'newcomer', email: 'newcomer@example.com', password: 'a-long-password-1' };
    expect((await call(url, 'PUT', { auth: { signUpEnabled: false } })).status).toBe(200);
    res = await call(signUp, 'POST', newUser, false);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('SIGNUP_DISABLED');

    expect((await call(url, 'GET', undefined, false)).status).toBeGreaterThanOrEqual(401);
    expect((await call(`http://127.0.0.1:${port}${BASE}/settings/no-such-settings`)).status).toBe(404);
    const runs = await call<unknown>(`http://127.0.0.1:${port}${BASE}/jobruns?page=1&size=5`);
    expect(runs.status).toBe(200);
    expect(runs.body.data).toMatchObject({ page: 1, size: 5, total: 0, items: [] });
  } finally {
    await runtime.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a plugin gets its Setting applied at load, and its jobs and controllers stop with it', async () => {
  const { runtime, dataDir } = await startRuntime();
  const pluginDir = path.join(dataDir, 'plugin');
  fs.mkdirSync(path.join(pluginDir, 'extensions'), { recursive: true });
  fs.writeFileSync(path.join(pluginDir, 'extensions', 'settings.yaml'), PLUGIN_SETTING);
  let context!: PluginContext;
  let runs = 0;
  let reconciles = 0;
  const entry = {
    async start(ctx: PluginContext) {
      context = ctx;
      ctx.scheduler.register({ name: 'Demo:tick', cron: '* * * * * *', timeoutMs: 1000, handler: () => void runs++ });
      ctx.controllers.register({ name: 'demo-settings-watch', kind: 'Setting', reconcile: () => void reconciles++ });
    },
  };
  const manifest = {
    apiVersion: 'plugin.authpay.dev/v1alpha1',
    kind: 'Plugin' as const,
    metadata: { name: 'demo' },
    spec: { version: '1.0.0', settingName: 'demo-plugin-settings', configMapName: 'demo-plugin-configmap' },
  };
  try {
    await runtime.loadPlugin({ manifest, dir: pluginDir, entry });
    const flat = new FlatSettings<{ apiAccessSecret: string; authCodeCreateLimit: number }>(context.settings, 'demo-plugin-settings', {
      apiAccessSecret: 'security.apiAccessSecret',
      authCodeCreateLimit: 'limits.authCodeCreateLimit',
    });
    expect(await flat.read()).toEqual({ apiAccessSecret: undefined, authCodeCreateLimit: 50 });
    // The form as a flat settings page renders it: fields named by their flat keys, unmapped fields and groups left out.
    expect(await flat.forms()).toEqual([
      { group: 'security', formSchema: [{ $formkit: 'password', name: 'apiAccessSecret' }] },
      { group: 'limits', formSchema: [expect.objectContaining({ $formkit: 'number', name: 'authCodeCreateLimit', value: 50 })] },
    ]);
    const renamed = new FlatSettings(context.settings, 'demo-plugin-settings', { secret: 'security.apiAccessSecret' });
    expect(await renamed.forms()).toEqual([{ group: 'security', formSchema: [{ $formkit: 'password', name: 'secret' }] }]);
    await flat.write({ apiAccessSecret: 'k3y', authCodeCreateLimit: '20' });
    expect(await flat.read()).toEqual({ apiAccessSecret: 'k3y', authCodeCreateLimit: 20 });
    expect(await flat.readMasked()).toEqual({
      values: { apiAccessSecret: '******', authCodeCreateLimit: 20 },
      configured: { apiAccessSecret: true },
    });
    await expect(flat.write({ authCodeCreateLimit: 0 })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ field: 'authCodeCreateLimit' })],
    });
    await expect(flat.write({ nope: 1 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    const cm = await runtime.client.get('ConfigMap', 'demo-plugin-configmap');
    expect(cm.metadata.labels).toMatchObject({ 'plugin.authpay.dev/plugin-name': 'demo' });
    for (let i = 0; i < 300 && (runs < 1 || reconciles < 1); i++) await new Promise((r) => setTimeout(r, 20));
    expect(runs).toBeGreaterThan(0);
    expect(reconciles).toBeGreaterThan(0);
    for (let i = 0; i < 100 && !(await runtime.metrics.registry.metrics()).includes('job="Demo:tick",outcome="SUCCEEDED"'); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(await runtime.metrics.registry.metrics()).toContain('authpay_job_runs_total{job="Demo:tick",outcome="SUCCEEDED"}');
  } finally {
    await runtime.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  expect(runtime.workloads.scheduler.status()).toEqual([]);
  expect(runtime.workloads.controllers.names()).toEqual([]);
});
