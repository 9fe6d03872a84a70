/**
 * callbackDomain (issue #28 item 7): providers call it from the internet and payers open it, so plain HTTP,
 * local names and non-public addresses (IPv6 forms carrying one included) are refused at the field, in both
 * languages, on every write path of the setting — unless the development switch allowLocalCallbackDomain is
 * on. allowPrivateNotifyTargets does not allow it. An internationalised domain works end to end.
 */
import { domainToASCII } from 'node:url';
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import {
  BOOTSTRAP_TOKEN,
  CONSOLE,
  api,
  configure,
  startPaymentServer,
  type PaymentServer,
  type PaymentView,
} from '../support/payment-server.js';

const HOST_CONSOLE = '/apis/console.api.host.authpay.dev/v1alpha1';
const ADMIN = { authorization: `Bearer ${BOOTSTRAP_TOKEN}` };
const ENGLISH = { ...ADMIN, 'accept-language': 'en' };

let server: PaymentServer;

beforeAll(async () => {
  server = await startPaymentServer();
  await configure(server, { sandboxEnabled: true, callbackDomain: 'https://pay.example.com' });
}, 60_000);

afterAll(async () => {
  await server.stop();
});

async function stored(): Promise<Record<string, unknown>> {
  const res = await api<Record<string, unknown>>(server, 'GET', `${CONSOLE}/settings`);
  expect(res.status).toBe(200);
  return res.body.data;
}

const LOCAL_DOMAINS = [
  'http://pay.example.com',
  'http://10.0.0.5',
  'https://10.0.0.5',
  'https://127.0.0.1:8443',
  'https://100.64.0.1',
  'https://169.254.169.254',
  'https://[::1]',
  'https://[fd00::1]',
  'https://[::ffff:10.0.0.5]',
  'https://[::ffff:0:10.0.0.5]',
  'https://[64:ff9b::a00:5]',
  'https://[64:ff9b:1::a00:5]',
  'https://[2002:a00:5::1]',
  'https://[2001:0:a00:5::1]',
  'https://[2a00:1450:4001:1:0:5efe:a00:5]',
  'https://localhost',
  'https://pay.localhost',
  'https://printer.local',
  'https://pay.internal',
  'https://pay.test',
  'https://router.home.arpa',
  'https://payserver',
];

test.each(LOCAL_DOMAINS)('%s is refused at callbackDomain in both languages, and nothing is saved', async (callbackDomain) => {
  const zh = await api(server, 'PUT', `${CONSOLE}/settings`, { callbackDomain });
  expect([zh.status, zh.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  expect(zh.body.details?.map((d) => d.field)).toEqual(['callbackDomain']);
  expect(zh.body.message).toContain('支付回调域名');
  expect(zh.body.message).toMatch(/HTTPS|公网/);
  expect(zh.body.message).toContain('允许本地回调域名');
  const en = await api(server, 'PUT', `${CONSOLE}/settings`, { callbackDomain }, ENGLISH);
  expect(en.status).toBe(400);
  expect(en.body.message).toMatch(/Payment callback domain must be (an HTTPS address|a public (address|domain))/);
  expect(en.body.message).toContain('Allow a local callback domain');
  expect((await stored()).callbackDomain).toBe('https://pay.example.com');
});

test("the host's own updateSettings operation runs the same rule", async () => {
  const res = await api(
    server,
    'PUT',
    `${HOST_CONSOLE}/settings/payment-settings`,
    { general: { callbackDomain: 'https://10.0.0.5' } },
    ENGLISH,
  );
  expect(res.status).toBe(400);
  expect(res.body.details?.map((d) => d.field)).toEqual(['general.callbackDomain']);
  expect(res.body.message).toMatch(/Payment callback domain must be a public address/);
  expect((await stored()).callbackDomain).toBe('https://pay.example.com');
});

test('public HTTPS domains and addresses are accepted, also where an IPv6 address carries a public IPv4 one', async () => {
  for (const callbackDomain of [
    'https://pay.example.com/base',
    'https://93.184.216.34',
    'https://[2606:4700::1111]',
    'https://[2002:5db8:d822::1]',
    'https://支付.中国',
  ]) {
    const res = await api(server, 'PUT', `${CONSOLE}/settings`, { callbackDomain });
    expect({ callbackDomain, status: res.status }).toEqual({ callbackDomain, status: 200 });
  }
  await configure(server, { callbackDomain: 'https://pay.example.com' });
});

test('allowLocalCallbackDomain lets a local domain through; allowPrivateNotifyTargets does not', async () => {
  const notifyOnly = await api(server, 'PUT', `${CONSOLE}/settings`, { allowPrivateNotifyTargets: true, callbackDomain: server.url });
  expect(notifyOnly.status).toBe(400);
  expect((await stored()).allowPrivateNotifyTargets).toBe(false);

  await configure(server, { allowLocalCallbackDomain: true, callbackDomain: server.url });
  expect(await stored()).toMatchObject({ allowLocalCallbackDomain: true, callbackDomain: server.url });
  // Switching it off while the domain is local is refused at the domain: the rule judges the whole group.
  const off = await api(server, 'PUT', `${CONSOLE}/settings`, { allowLocalCallbackDomain: false }, ENGLISH);
  expect(off.status).toBe(400);
  expect(off.body.details?.map((d) => d.field)).toEqual(['callbackDomain']);
  expect((await stored()).allowLocalCallbackDomain).toBe(true);

  await configure(server, { allowLocalCallbackDomain: false, callbackDomain: 'https://pay.example.com' });
});

test('the switch is off by default and is described in both languages', async () => {
  const view = await api<{ forms: Array<{ group: string; formSchema: Array<Record<string, unknown>> }> }>(
    server,
    'GET',
    `${CONSOLE}/settings`,
  );
  const field = view.body.data.forms.flatMap((f) => f.formSchema).find((f) => f.name === 'allowLocalCallbackDomain')!;
  expect(field).toMatchObject({ $formkit: 'switch', value: false, label: '允许本地回调域名' });
  expect(field.help).toEqual(expect.stringContaining('仅用于开发'));
  expect(field.i18n).toMatchObject({ en: { label: 'Allow a local callback domain', help: expect.stringContaining('development only') } });
});

test('an internationalised callback domain works end to end: the order is started and its URLs are in punycode', async () => {
  await configure(server, { callbackDomain: 'https://支付.中国' });
  try {
    const res = await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
      orderId: 'idn-callback-domain',
      subject: 'IDN callback domain',
      paymentAmount: '1.00',
      paymentType: 'SANDBOX',
      paymentChannel: 'SIMULATED',
    });
    expect(res.status).toBe(200);
    const ascii = `https://${domainToASCII('支付.中国')}`;
    expect(JSON.stringify(res.body.data)).toContain(`${ascii}/payment/`);
  } finally {
    await configure(server, { callbackDomain: 'https://pay.example.com' });
  }
});
