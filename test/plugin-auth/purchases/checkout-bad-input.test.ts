/**
 * What checkoutPlugin refuses, each with a clear code and message in zh-CN and English, creating no order and
 * granting nothing: free and limited-time free plugins, unknown plugins, unknown or disabled channels, a buyer
 * who is already entitled, an earlier payment whose result is unknown; and a plugin deleted while its order was
 * open: paid, nothing granted, the buyer told whom to ask for a refund.
 */
import { basic, call } from '../../host/auth/harness.js';
import { admin, as, createPlugin, createUser, dataOf, PASSWORD, setSettings, start, type ListResult, type Server } from '../harness.js';
import {
  checkout,
  entitlementsOf,
  eventually,
  PAY_CONSOLE,
  PAY_UC,
  purchaseMessages,
  purchaseRecord,
  sandboxPay,
  UC,
  type CheckoutAnswer,
} from './purchase-harness.js';

let server: Server;
beforeAll(async () => {
  server = await start();
  for (const user of ['eve', 'fay', 'gus']) await createUser(server, user);
  await createPlugin(server, { key: 'free-one', name: 'Free one', price: 0 });
  await createPlugin(server, { key: 'trial-one', name: 'Trial one', price: 9999 });
  await createPlugin(server, { key: 'paid-one', name: 'Paid one', price: 5 });
  await setSettings(server, { adminEmail: 'admin@shop.example.com' });
});
afterAll(() => server.stop());

function checkoutIn(language: string, pluginKey: string, channel: Record<string, string>) {
  return call<CheckoutAnswer>(`${server.url}${UC}/checkouts`, {
    method: 'POST',
    headers: { ...basic('eve', PASSWORD), 'accept-language': language },
    json: { pluginKey, ...channel },
  });
}

async function ordersOf(user: string): Promise<number> {
  return dataOf(await as<ListResult<unknown>>(server, user, 'GET', `${PAY_UC}/payments`)).total;
}

const SANDBOX = { paymentType: 'SANDBOX', paymentChannel: 'SIMULATED' };

test.each([
  ['free-one', SANDBOX, 409, 'PLUGIN_NOT_FOR_SALE', '免费插件无需购买', 'is free'],
  ['trial-one', SANDBOX, 409, 'PLUGIN_NOT_FOR_SALE', '限时免费插件无需购买', 'free for a limited time'],
  ['no-such-plugin', SANDBOX, 404, 'PLUGIN_NOT_FOUND', '插件不存在', 'not found'],
  ['paid-one', { paymentType: 'BITCOIN', paymentChannel: 'SIMULATED' }, 400, 'UNKNOWN_PAYMENT_TYPE', '', ''],
  ['paid-one', { paymentType: 'SANDBOX', paymentChannel: 'PC_WEBSITE' }, 400, 'UNSUPPORTED_PAYMENT_CHANNEL', '', ''],
])('%s with %j: %i %s in both languages, no order', async (pluginKey, channel, status, code, zh, en) => {
  const inZh = await checkoutIn('zh-CN', pluginKey, channel);
  const inEn = await checkoutIn('en', pluginKey, channel);
  expect([inZh.status, inZh.body.code, inEn.status, inEn.body.code]).toEqual([status, code, status, code]);
  expect(inZh.body.message).toMatch(/[\u4e00-\u9fff]/);
  expect(inEn.body.message).not.toMatch(/[\u4e00-\u9fff]/);
  if (zh) expect(inZh.body.message).toContain(zh);
  if (en) expect(inEn.body.message).toContain(en);
  expect(await ordersOf('eve')).toBe(0);
});

test('a body without a channel is refused at its field', async () => {
  const res = await as(server, 'eve', 'POST', `${UC}/checkouts`, { pluginKey: 'paid-one' });
  expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
});

test('a channel not in the whitelist answers 当前支付渠道未启用 and creates no order', async () => {
  const settings = '/apis/console.api.payment.authpay.dev/v1alpha1/settings';
  dataOf(await admin(server, 'PUT', settings, { supportedChannels: ['WALLET_A:PC_WEBSITE'] }));
  try {
    const inZh = await checkoutIn('zh-CN', 'paid-one', SANDBOX);
    expect([inZh.status, inZh.body.code, inZh.body.message]).toEqual([400, 'PAYMENT_CHANNEL_DISABLED', '当前支付渠道未启用']);
    const inEn = await checkoutIn('en', 'paid-one', SANDBOX);
    expect(inEn.body.message).not.toMatch(/[\u4e00-\u9fff]/);
    expect(await ordersOf('eve')).toBe(0);
  } finally {
    dataOf(await admin(server, 'PUT', settings, { supportedChannels: null }));
  }
  expect((await checkout(server, 'eve', 'paid-one')).status).toBe(200);
});

test('an earlier payment whose result is unknown refuses a new checkout (paying again could charge twice)', async () => {
  const order = dataOf(await checkout(server, 'fay', 'paid-one'));
  dataOf(await admin(server, 'PUT', `${PAY_CONSOLE}/payments/${order.paymentId}`, { status: 'UNKNOWN', reason: 'test' }));
  const res = await checkout(server, 'fay', 'paid-one');
  expect([res.status, res.body.code]).toEqual([409, 'PURCHASE_PAYMENT_PENDING']);
  expect(await ordersOf('fay')).toBe(1);
});

test('a plugin deleted while its order is open: paid, nothing granted, the buyer told whom to ask; not for sale', async () => {
  await createPlugin(server, { key: 'gone-soon', name: 'Gone soon', price: 8 });
  const order = dataOf(await checkout(server, 'gus', 'gone-soon'));
  dataOf(await admin(server, 'DELETE', '/apis/console.api.pluginauth.authpay.dev/v1alpha1/siteplugins/gone-soon'));
  await eventually(
    async () =>
      (await admin(server, 'GET', '/apis/console.api.pluginauth.authpay.dev/v1alpha1/siteplugins')).text.includes('gone-soon') === false,
    'the plugin to go',
  );
  expect((await sandboxPay(server, order.paymentId)).status).toBe(200);
  const purchase = await eventually(async () => (await purchaseRecord(server, order.paymentId))?.spec, 'the purchase record');
  expect(purchase).toMatchObject({ phase: 'NOT_GRANTED', reason: 'PLUGIN_GONE' });
  expect(await entitlementsOf(server, 'gus')).toHaveLength(0);
  const [message] = await purchaseMessages(server, 'gus', 'plugin-purchase-not-granted');
  expect(message.spec.text).toContain('admin@shop.example.com');
  expect(await purchaseMessages(server, 'gus', 'plugin-purchase-not-granted')).toHaveLength(1);
  const res = await checkout(server, 'gus', 'gone-soon');
  expect([res.status, res.body.code]).toEqual([404, 'PLUGIN_NOT_FOUND']);
});
