/**
 * Payment settings and the payment services that exist:
 * (a) a service left enabled with incomplete or malformed credentials is refused when saved, naming the
 *     setting keys and never echoing key material; a disabled service may hold partial credentials;
 * (b) getPaymentSettings says, for every registered service, whether it is enabled and ready, with the
 *     problems as setting keys and reason codes;
 * (c) the form offers what works — the international wallet (PayPal) and card (Stripe) checkouts with their
 *     adapters; values stored before come back masked and judged, keys and channels it does not know are refused.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { ConfigMap, SettingForm } from '../../../src/host/settings/types.js';
import { PAYMENT_CHANNELS } from '../../../src/payment/channels/index.js';
import { FIELDS } from '../../../src/payment/settings/payment-settings.js';
import { ALIPAY, APP } from '../channels/wallet-a/test-keys.js';
import { BOOTSTRAP_TOKEN, CONSOLE, api, startPaymentServer, type PaymentServer } from '../support/payment-server.js';

const HOST_CONSOLE = '/apis/console.api.host.authpay.dev/v1alpha1';
const ENGLISH = { authorization: `Bearer ${BOOTSTRAP_TOKEN}`, 'accept-language': 'en' };
const APP_ID = '201906181261';
const APP_SECRET = 'e3b0c44298fc1c149afbf4c8996fb924';

interface ServiceView {
  paymentType: string;
  enabled: boolean;
  ready: boolean;
  problems: Array<{ field: string; reason: string }>;
}
interface Refusal {
  code: string;
  message: string;
  details: Array<{ field: string; message: string }>;
}

let server: PaymentServer;
beforeAll(async () => {
  server = await startPaymentServer();
}, 60_000);
afterAll(() => server?.stop());

async function view(): Promise<Record<string, unknown> & { services: ServiceView[] }> {
  const res = await api<Record<string, unknown> & { services: ServiceView[] }>(server, 'GET', `${CONSOLE}/settings`);
  expect(res.status).toBe(200);
  return res.body.data;
}
const service = async (type: string) => (await view()).services.find((s) => s.paymentType === type)!;
const save = (patch: Record<string, unknown>, headers?: Record<string, string>) =>
  api<unknown>(server, 'PUT', `${CONSOLE}/settings`, patch, headers);

/** A refusal that wrote nothing, with its details. */
async function refused(patch: Record<string, unknown>): Promise<{ body: Refusal; text: string }> {
  const revision = await server.runtime.store.currentRevision();
  const res = await save(patch);
  expect([res.status, (res.body as unknown as Refusal).code]).toEqual([400, 'VALIDATION_FAILED']);
  expect(await server.runtime.store.currentRevision()).toBe(revision);
  return { body: res.body as unknown as Refusal, text: res.text };
}

/** Writes stored values directly, as values saved before a check (or under an older form) would be. */
async function storeGroups(groups: Record<string, Record<string, unknown>>): Promise<void> {
  const client = server.runtime.client;
  const current = (await client.fetch<ConfigMap>('ConfigMap', 'payment-configmap'))!;
  const data = { ...current.data };
  for (const [group, values] of Object.entries(groups)) data[group] = JSON.stringify({ ...JSON.parse(data[group] ?? '{}'), ...values });
  server.runtime.workloads.settings.remember(await client.update<ConfigMap>({ ...current, data }));
}

describe('(b) readiness of every registered service', () => {
  test('lists exactly the services in the registry, each with its switch and its problems as setting keys and reason codes', async () => {
    const { services } = await view();
    expect(services.map((s) => s.paymentType)).toEqual(server.payment.deps.channels.registry.types());
    expect(services.find((s) => s.paymentType === 'INTL_WALLET')).toEqual({
      paymentType: 'INTL_WALLET',
      enabled: false,
      ready: false,
      problems: [
        { field: 'intlWalletClientId', reason: 'REQUIRED' },
        { field: 'intlWalletClientSecret', reason: 'REQUIRED' },
        { field: 'intlWalletWebhookId', reason: 'REQUIRED' },
      ],
    });
    expect(services.find((s) => s.paymentType === 'AGGREGATOR_2')).toEqual({
      paymentType: 'AGGREGATOR_2',
      enabled: false,
      ready: false,
      problems: [
        { field: 'aggregator2MerchantId', reason: 'REQUIRED' },
        { field: 'aggregator2Key', reason: 'REQUIRED' },
      ],
    });
    expect(services.find((s) => s.paymentType === 'WALLET_A')?.problems).toEqual([
      { field: 'walletAAppId', reason: 'REQUIRED' },
      { field: 'walletAPrivateKey', reason: 'REQUIRED' },
      { field: 'walletAPublicKey', reason: 'REQUIRED' },
    ]);
    // The sandbox secret is generated at first start, so the simulator is ready at once.
    expect(services.find((s) => s.paymentType === 'SANDBOX')).toMatchObject({ ready: true, problems: [] });
  });

  test('an enabled service whose stored credentials are broken is shown enabled and not ready; it does not block other saves', async () => {
    await storeGroups({ aggregators: { aggregator2Enabled: true, aggregator2MerchantId: 'bad id!' } });
    expect(await service('AGGREGATOR_2')).toEqual({
      paymentType: 'AGGREGATOR_2',
      enabled: true,
      ready: false,
      problems: [
        { field: 'aggregator2MerchantId', reason: 'FORMAT' },
        { field: 'aggregator2Key', reason: 'REQUIRED' },
      ],
    });
    expect((await save({ timeoutMinutes: 45 })).status).toBe(200);
    expect((await save({ aggregator2Enabled: false, aggregator2MerchantId: null })).status).toBe(200);
    expect(await service('AGGREGATOR_2')).toMatchObject({ enabled: false, problems: [expect.anything(), expect.anything()] });
  });
});

describe('(a) an enabled service must have complete, valid credentials when saved', () => {
  test('switching a service on without credentials is refused naming each missing key, in both languages', async () => {
    const { body } = await refused({ aggregator2Enabled: true });
    expect(body.details).toEqual([
      { field: 'aggregator2MerchantId', message: 'aggregator2MerchantId 启用该服务时必填', reason: 'REQUIRED' },
      { field: 'aggregator2Key', message: 'aggregator2Key 启用该服务时必填', reason: 'REQUIRED' },
    ]);
    expect(body.message).toBe('设置有误：aggregator2MerchantId 启用该服务时必填；aggregator2Key 启用该服务时必填');
    const en = (await save({ aggregator2Enabled: true }, ENGLISH)).body as unknown as Refusal;
    expect(en.message).toBe(
      'invalid settings: aggregator2MerchantId is required while the service is enabled;'
        + ' aggregator2Key is required while the service is enabled',
    );
    expect(en.details[0]).toEqual({
      field: 'aggregator2MerchantId',
      message: 'aggregator2MerchantId is required while the service is enabled',
      reason: 'REQUIRED',
    });
    expect(await service('AGGREGATOR_2')).toMatchObject({ enabled: false });
  });

  test.each(['AGGREGATOR_1', 'AGGREGATOR_3'])('%s switched on without credentials is refused naming its own setting keys', async (type) => {
    const n = type.slice(-1);
    const { body } = await refused({ [`aggregator${n}Enabled`]: true });
    const fields = body.details.map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining([`aggregator${n}Url`, `aggregator${n}MerchantId`, `aggregator${n}Key`]));
    expect(fields.every((f) => f in FIELDS)).toBe(true);
    expect(await service(type)).toMatchObject({ enabled: false });
  });

  test('WALLET_B and a CUSTOM WeChat-Pay-compatible gateway switched on with partial credentials name their own setting keys', async () => {
    const wallet = await refused({ walletBEnabled: true, walletBAppId: 'wx8888888888888888' });
    expect(wallet.body.details.map((d) => d.field)).toEqual(
      expect.arrayContaining(['walletBMchId', 'walletBApiV3Key', 'walletBPrivateKey']),
    );
    const custom = await refused({ customEnabled: true, customWalletBGateway: 'https://pay.example.com/', customWalletBApiV3Key: 'short' });
    const fields = custom.body.details.map((d) => d.field);
    expect(fields).toContain('customWalletBApiV3Key');
    expect([...wallet.body.details, ...custom.body.details].every((d) => d.field in FIELDS)).toBe(true);
    expect(custom.text).not.toContain('short');
  });

  test('CARD switched on is refused naming its setting keys; a publishable key is not echoed; complete credentials are ready', async () => {
    const missing = await refused({ cardEnabled: true });
    expect(missing.body.details.map((d) => d.field)).toEqual(['cardSecretKey', 'cardWebhookSecret']);
    const publishable = 'pk_test_51PublishableKeyPastedByMistake00';
    const wrong = await refused({
      cardEnabled: true,
      cardSecretKey: publishable,
      cardWebhookSecret: 'whsec_0123456789abcdef',
      cardCurrency: 'XYZ',
    });
    expect(wrong.body.details.map((d) => [d.field, (d as { reason?: string }).reason])).toEqual([
      ['cardSecretKey', 'FORMAT'],
      ['cardCurrency', 'FORMAT'],
    ]);
    expect(wrong.text).not.toContain(publishable);
    const ok = await save({
      cardEnabled: true,
      cardSecretKey: 'sk_test_51Ready0123456789abcdef',
      cardWebhookSecret: 'whsec_0123456789abcdef',
      cardCurrency: 'jpy',
    });
    expect(ok.status).toBe(200);
    expect(await service('CARD')).toEqual({ paymentType: 'CARD', enabled: true, ready: true, problems: [] });
    await refused({ cardApiBaseUrl: 'ftp://api.stripe.com' });
    expect((await save({ cardEnabled: false, cardSecretKey: null, cardWebhookSecret: null, cardCurrency: null })).status).toBe(200);
  });

  test('INTL_WALLET switched on without credentials, or with a currency PayPal does not take, names its setting keys', async () => {
    const missing = await refused({ intlWalletEnabled: true });
    expect(missing.body.details.map((d) => d.field)).toEqual(['intlWalletClientId', 'intlWalletClientSecret', 'intlWalletWebhookId']);
    const secret = 'secret with spaces';
    const bad = await refused({
      intlWalletEnabled: true,
      intlWalletClientId: 'AcTestClientId_0123456789',
      intlWalletClientSecret: secret,
      intlWalletWebhookId: '8PT597110X687430LKGECATA',
      intlWalletCurrency: 'USD,KRW',
      intlWalletGateway: 'ftp://paypal.example',
    });
    expect(bad.body.details.map((d) => d.field)).toEqual(['intlWalletClientSecret', 'intlWalletCurrency', 'intlWalletGateway']);
    expect(bad.text).not.toContain(secret);
    const ok = await save({
      intlWalletEnabled: true,
      intlWalletClientId: 'AcTestClientId_0123456789',
      intlWalletClientSecret: 'EKTestSecret_9876543210',
      intlWalletWebhookId: '8PT597110X687430LKGECATA',
      intlWalletCurrency: 'USD,EUR',
      intlWalletGateway: 'sandbox',
    });
    expect(ok.status).toBe(200);
    expect(await service('INTL_WALLET')).toEqual({ paymentType: 'INTL_WALLET', enabled: true, ready: true, problems: [] });
    expect((await view()).intlWalletClientSecret).toBe('******');
    const reset = { intlWalletClientId: null, intlWalletClientSecret: null, intlWalletWebhookId: null, intlWalletCurrency: null };
    expect((await save({ intlWalletEnabled: false, intlWalletGateway: null, ...reset })).status).toBe(200);
  });

  test('malformed credentials are named by key and reason; the values (key material) are never echoed', async () => {
    const secret = 'this secret has spaces in it';
    const xunhupay = await refused({ aggregator2Enabled: true, aggregator2MerchantId: APP_ID, aggregator2Key: secret });
    expect(xunhupay.body.details).toEqual([{ field: 'aggregator2Key', message: 'aggregator2Key 格式不正确', reason: 'FORMAT' }]);
    expect(xunhupay.text).not.toContain(secret);

    const brokenKey = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDBroken\n-----END PRIVATE KEY-----';
    const alipay = await refused({
      walletAEnabled: true,
      walletAAppId: '2021000122671080',
      walletAPrivateKey: brokenKey,
      walletAPublicKey: 'bm90IGEga2V5',
    });
    expect(alipay.body.details).toEqual([
      { field: 'walletAPrivateKey', message: 'walletAPrivateKey 不是可用的密钥', reason: 'KEY' },
      { field: 'walletAPublicKey', message: 'walletAPublicKey 不是可用的密钥', reason: 'KEY' },
    ]);
    expect(alipay.text).not.toContain('MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDBroken');
    expect(alipay.text).not.toContain('bm90IGEga2V5');
  });

  test('a disabled service may hold partial credentials; completing them lets it be switched on; "******" keeps the secret', async () => {
    expect((await save({ aggregator2MerchantId: APP_ID })).status).toBe(200);
    expect(await service('AGGREGATOR_2')).toEqual({
      paymentType: 'AGGREGATOR_2',
      enabled: false,
      ready: false,
      problems: [{ field: 'aggregator2Key', reason: 'REQUIRED' }],
    });
    await refused({ aggregator2Enabled: true });
    expect((await save({ aggregator2Enabled: true, aggregator2Key: APP_SECRET })).status).toBe(200);
    expect(await service('AGGREGATOR_2')).toEqual({ paymentType: 'AGGREGATOR_2', enabled: true, ready: true, problems: [] });
    expect((await view()).aggregator2Key).toBe('******');
    expect((await save({ aggregator2Key: '******', aggregator2Url: 'https://api.xunhupay.com/payment/do.html' })).status).toBe(200);

    // Removing a credential of an enabled service, or breaking it, is refused; switching the service off is not.
    await refused({ aggregator2Key: null });
    await refused({ aggregator2QueryUrl: 'ftp://pay.xunhupay.com/query' });
    expect((await save({ aggregator2Enabled: false, aggregator2Key: null })).status).toBe(200);
  });

  test('a service with good credentials is saved and ready (WALLET_A with its RSA keys)', async () => {
    const ok = await save({
      walletAEnabled: true,
      walletAAppId: '2021000122671080',
      walletAPrivateKey: APP.privatePkcs8Pem,
      walletAPublicKey: ALIPAY.publicSpkiPem,
    });
    expect(ok.status).toBe(200);
    expect(await service('WALLET_A')).toEqual({ paymentType: 'WALLET_A', enabled: true, ready: true, problems: [] });
    await refused({ walletAPublicKey: '' });
    expect((await save({ walletAEnabled: false })).status).toBe(200);
  });
});

describe('(c) the form offers only what works', () => {
  test('both checkouts are offered: the intlWallet and card groups, INTL_WALLET:CHECKOUT and CARD:CHECKOUT', async () => {
    const res = await api<{ forms: SettingForm[] }>(server, 'GET', `${HOST_CONSOLE}/settings/payment-settings`);
    const forms = res.body.data.forms;
    const intlWalletKeys = Object.keys(FIELDS).filter((k) => k.startsWith('intlWallet'));
    expect(forms.find((f) => f.group === 'intlWallet')!.formSchema.map((f) => f.name)).toEqual(intlWalletKeys);
    expect(forms.find((f) => f.group === 'card')!.formSchema.map((f) => f.name)).toEqual([
      'cardEnabled',
      'cardSecretKey',
      'cardWebhookSecret',
      'cardCurrency',
      'cardApiBaseUrl',
    ]);
    const field = forms.find((f) => f.group === 'general')!.formSchema.find((f) => f.name === 'supportedChannels')!;
    const offered = (field.options as Array<{ value: string }>).map((o) => o.value);
    for (const list of [offered, field.value as string[]]) {
      expect(list).toContain('INTL_WALLET:CHECKOUT');
      expect(list).toContain('CARD:CHECKOUT');
      for (const key of list) expect(PAYMENT_CHANNELS[key.split(':')[0] as keyof typeof PAYMENT_CHANNELS]).toContain(key.split(':')[1]);
    }
    const settings = await view();
    expect(Object.keys(settings).filter((k) => k.startsWith('intlWallet'))).toEqual(intlWalletKeys);
    expect(Object.keys(settings).filter((k) => k.startsWith('card'))).toEqual([
      'cardEnabled',
      'cardSecretKey',
      'cardWebhookSecret',
      'cardCurrency',
      'cardApiBaseUrl',
    ]);
  });

  test('older stored values come back masked and judged; keys and channels the form does not know are refused', async () => {
    await storeGroups({
      general: { supportedChannels: ['SANDBOX:SIMULATED', 'INTL_WALLET:CHECKOUT', 'CARD:CHECKOUT'] },
      intlWallet: { intlWalletEnabled: true, intlWalletClientSecret: 'old-secret' },
      card: { cardEnabled: true, cardSecretKey: 'sk_old' },
    });
    const before = await view();
    expect(before.supportedChannels).toEqual(['SANDBOX:SIMULATED', 'INTL_WALLET:CHECKOUT', 'CARD:CHECKOUT']);
    expect(JSON.stringify(before)).not.toContain('old-secret');
    expect(JSON.stringify(before)).not.toContain('sk_old');
    expect(before).toMatchObject({ intlWalletEnabled: true, intlWalletClientSecret: '******', cardEnabled: true, cardSecretKey: '******' });
    expect(before.services.find((s) => s.paymentType === 'INTL_WALLET')).toEqual({
      paymentType: 'INTL_WALLET',
      enabled: true,
      ready: false,
      problems: [
        { field: 'intlWalletClientId', reason: 'REQUIRED' },
        { field: 'intlWalletWebhookId', reason: 'REQUIRED' },
      ],
    });
    expect(before.services.find((s) => s.paymentType === 'CARD')).toEqual({
      paymentType: 'CARD',
      enabled: true,
      ready: false,
      problems: [
        { field: 'cardSecretKey', reason: 'FORMAT' },
        { field: 'cardWebhookSecret', reason: 'REQUIRED' },
      ],
    });

    expect((await save({ timeoutMinutes: 40 })).status).toBe(200);
    const stored = (await server.runtime.client.fetch<ConfigMap>('ConfigMap', 'payment-configmap'))!;
    expect(JSON.parse(stored.data!.general).supportedChannels).toEqual(['SANDBOX:SIMULATED', 'INTL_WALLET:CHECKOUT', 'CARD:CHECKOUT']);

    const unknownKey = await save({ intlWalletBrandName: 'AuthPay' });
    expect(unknownKey.status).toBe(400);
    expect((unknownKey.body as unknown as Refusal).details.map((d) => d.field)).toEqual([expect.stringContaining('intlWalletBrandName')]);
    const dropped = await save({ supportedChannels: ['INTL_WALLET:NATIVE'] });
    expect(dropped.status).toBe(400);
    expect((dropped.body as unknown as Refusal).details.map((d) => d.field)).toContain('supportedChannels');
    const reset = { intlWalletEnabled: false, intlWalletClientSecret: null, cardEnabled: false, cardSecretKey: null };
    expect((await save(reset)).status).toBe(200);
  });
});
