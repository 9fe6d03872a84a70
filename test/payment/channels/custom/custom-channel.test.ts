/**
 * CUSTOM: options (sub-providers validated by their protocol's own validator, fields named with their
 * prefix), dispatch by paymentChannel to the protocol adapters at the sub-providers' own gateways, and the
 * header routing of callbacks over the configured sub-providers.
 */
import { customDefinition, CustomChannel } from '../../../../src/payment/channels/custom/index.js';
import { isChannelError } from '../../../../src/payment/channels/core/errors.js';
import type { CallbackRequest, ChannelOrder } from '../../../../src/payment/channels/core/types.js';
import { FakeAlipayGateway } from '../wallet-a/fake-alipay-gateway.js';
import { rsaPair } from '../wallet-a/test-keys.js';
import { FakeWechatPayGateway } from '../wallet-b/fake-wechat-gateway.js';
import { API_V3_KEY, APP_ID, MCH_ID, MERCHANT, MERCHANT_SERIAL, PLATFORM_PUBKEY, walletBOptions } from '../wallet-b/test-keys.js';

const COMPAT_APP = rsaPair();
const COMPAT_GATEWAY_KEY = rsaPair();
const COMPAT_APP_ID = '2099000000000001';

let alipay: FakeAlipayGateway;
let wechat: FakeWechatPayGateway;
let seq = 0;

const walletA = () => ({
  gateway: alipay.url,
  appId: COMPAT_APP_ID,
  privateKey: COMPAT_APP.privatePkcs8Pem,
  alipayPublicKey: COMPAT_GATEWAY_KEY.publicSpkiPem,
});
const walletB = () => ({ ...walletBOptions(wechat.url, { pubkey: PLATFORM_PUBKEY }), mode: 'NATIVE' });
const build = (raw: unknown) => customDefinition.create(customDefinition.validateOptions(raw)) as CustomChannel;
const order = (paymentChannel: string): ChannelOrder => ({
  paymentId: `p20260101custom${++seq}${Date.now() % 100000}`,
  orderId: `c${seq}`,
  paymentType: 'CUSTOM',
  paymentChannel,
  subject: 'custom',
  amountMinor: 100,
  currency: 'CNY',
});
const ctx = { callbackUrl: 'https://pay.example.com/apis/api.payment.authpay.dev/v1alpha1/asyncCallback/CUSTOM' };

function problems(raw: unknown): string[] {
  try {
    customDefinition.validateOptions(raw);
  } catch (err) {
    if (isChannelError(err, 'CHANNEL_MISCONFIGURED')) return err.details.map((d) => d.field ?? '');
    throw err;
  }
  throw new Error('accepted');
}

beforeAll(async () => {
  alipay = await new FakeAlipayGateway({
    appId: COMPAT_APP_ID,
    appPublicKey: COMPAT_APP.publicKey,
    gatewayPrivateKey: COMPAT_GATEWAY_KEY.privateKey,
  }).start();
  wechat = await new FakeWechatPayGateway({
    appId: APP_ID,
    mchId: MCH_ID,
    apiV3Key: API_V3_KEY,
    merchantSerial: MERCHANT_SERIAL,
    merchantPublicKey: MERCHANT.publicKey,
    signer: PLATFORM_PUBKEY,
    basePath: '/compat/wechatpay',
  }).start();
});
afterAll(async () => {
  await alipay.stop();
  await wechat.stop();
});

describe('CUSTOM options', () => {
  test('at least one sub-provider; a mode or h5Type alone configures nothing', () => {
    expect(problems({})).toEqual(['walletA']);
    expect(problems({ walletA: { mode: 'PC_WEBSITE' }, walletB: { mode: 'H5', h5Type: 'iOS' } })).toEqual(['walletA']);
  });

  test("a sub-provider's problems are named with its prefix; the gateway is required and the mode checked", () => {
    const { gateway: _g, ...noGateway } = walletB();
    expect(
      problems({ walletA: { ...walletA(), gateway: 'production' }, walletB: { ...noGateway, apiV3Key: 'short', mode: 'APP' } }).sort(),
    ).toEqual(['walletA.gateway', 'walletB.apiV3Key', 'walletB.gateway', 'walletB.mode'].sort());
  });

  test('only the configured sub-provider is offered; an order for the other is refused before it exists', () => {
    const onlyB = build({ walletB: walletB() });
    expect(onlyB.offers('WALLET_B_COMPATIBLE')).toBe(true);
    expect(onlyB.offers('WALLET_A_COMPATIBLE')).toBe(false);
    expect(() => onlyB.assertPayerFacts('WALLET_A_COMPATIBLE', {})).toThrow(
      expect.objectContaining({ code: 'CHANNEL_MISCONFIGURED', status: 400, messageEn: expect.stringContaining('WALLET_A_COMPATIBLE') }),
    );
    expect(() => onlyB.assertPayerFacts('NATIVE', {})).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_PAYMENT_CHANNEL' }));
    expect(onlyB.callbackRoutes().map((r) => r.sub)).toEqual(['WALLET_B_COMPATIBLE']);
  });

  test("the WeChat-compatible mode's payer facts apply (JSAPI needs an openid)", () => {
    const jsapi = build({ walletB: { ...walletB(), mode: 'JSAPI' } });
    expect(() => jsapi.assertPayerFacts('WALLET_B_COMPATIBLE', {})).toThrow(expect.objectContaining({ code: 'PAYER_DETAILS_REQUIRED' }));
  });
});

describe('CUSTOM dispatch to the protocol adapters at their own gateways', () => {
  test('WALLET_A_COMPATIBLE precreates at the Alipay-compatible gateway with its own app id and key', async () => {
    const custom = build({ walletA: walletA(), walletB: walletB() });
    const o = order('WALLET_A_COMPATIBLE');
    const result = await custom.initiate(o, ctx);
    expect(result).toMatchObject({ status: 'PAYING', qrCode: expect.stringMatching(/^https:\/\/qr\.alipay\.com\//) });
    expect(alipay.calls.at(-1)).toMatchObject({
      signatureValid: true,
      params: { app_id: COMPAT_APP_ID, method: 'alipay.trade.precreate', notify_url: ctx.callbackUrl },
    });
    alipay.scan(o.paymentId);
    expect((await custom.query(o)).status).toBe('PAYING');
    expect((await custom.close(o)).closedAtChannel).toBe(true);
  });

  test('WALLET_B_COMPATIBLE prepays at the WeChat-compatible gateway; its path prefix is part of the signed path', async () => {
    const custom = build({ walletA: walletA(), walletB: walletB() });
    const o = order('WALLET_B_COMPATIBLE');
    const result = await custom.initiate(o, ctx);
    expect(result).toMatchObject({ status: 'PAYING', qrCode: expect.stringMatching(/^weixin:\/\//) });
    expect(wechat.requests.at(-1)).toMatchObject({ path: '/compat/wechatpay/v3/pay/transactions/native', signatureValid: true });
    wechat.settle(o.paymentId);
    expect(await custom.query(o)).toMatchObject({ status: 'SUCCESS', amountMinor: 100 });
  });

  test('callbacks route by headers to the sub-provider, which verifies and answers in its own format', async () => {
    const custom = build({ walletA: walletA(), walletB: walletB() });
    const a = order('WALLET_A_COMPATIBLE');
    await custom.initiate(a, ctx);
    alipay.scan(a.paymentId);
    alipay.trades.get(a.paymentId)!.status = 'TRADE_SUCCESS';
    const form: CallbackRequest = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      query: {},
      rawBody: new URLSearchParams(alipay.notifyParams(a.paymentId)).toString(),
    };
    const [routeA] = custom.callbackRoutes().filter((r) => r.channel.matchesCallback(form));
    expect(routeA.sub).toBe('WALLET_A_COMPATIBLE');
    await expect(custom.verifyCallback(form)).resolves.toMatchObject({ orderRef: a.paymentId, status: 'SUCCESS', amountMinor: 100 });
    expect(routeA.channel.answerCallback({ outcome: 'accepted' }).body).toBe('success');

    const b = order('WALLET_B_COMPATIBLE');
    await custom.initiate(b, ctx);
    wechat.settle(b.paymentId);
    const n = wechat.notification(b.paymentId);
    const json: CallbackRequest = { method: 'POST', headers: n.headers, query: {}, rawBody: n.body };
    await expect(custom.verifyCallback(json)).resolves.toMatchObject({ orderRef: b.paymentId, status: 'SUCCESS' });
    const routeB = custom.callbackRoutes().find((r) => r.sub === 'WALLET_B_COMPATIBLE')!;
    expect(routeB.channel.answerCallback({ outcome: 'accepted' }).status).toBe(204);

    // An Alipay notification for another app, and nothing recognisable: no sub-provider takes them.
    const foreign = {
      ...form,
      rawBody: new URLSearchParams({ ...alipay.notifyParams(a.paymentId), app_id: '2021000000000000' }).toString(),
    };
    await expect(custom.verifyCallback(foreign)).rejects.toMatchObject({ code: 'MISSING_SIGNATURE' });
  });
});

describe('CUSTOM refunds go to the sub-provider of the order, in its protocol', () => {
  test('an Alipay-compatible refund and a WeChat-Pay-compatible refund (under its path prefix), each queried back', async () => {
    const channel = build({ walletA: walletA(), walletB: walletB() });
    const a = order('WALLET_A_COMPATIBLE');
    await channel.initiate(a, ctx);
    alipay.scan(a.paymentId).status = 'TRADE_SUCCESS';
    const refundA = { refundId: `${a.paymentId}-r1`, amountMinor: 40, currency: 'CNY', paidAmountMinor: 100, reason: 'r' };
    expect(await channel.refund(a, refundA)).toMatchObject({ status: 'SUCCESS' });
    expect(alipay.calls.at(-1)).toMatchObject({ signatureValid: true, params: { method: 'alipay.trade.refund', app_id: COMPAT_APP_ID } });
    expect(await channel.queryRefund(a, { refundId: refundA.refundId })).toMatchObject({ status: 'SUCCESS', amountMinor: 40 });

    const b = order('WALLET_B_COMPATIBLE');
    await channel.initiate(b, ctx);
    wechat.settle(b.paymentId);
    const refundB = { ...refundA, refundId: `${b.paymentId}-r1`, callbackUrl: ctx.callbackUrl };
    expect(await channel.refund(b, refundB)).toMatchObject({ status: 'PENDING', vendorStatus: 'PROCESSING' });
    expect(wechat.requests.at(-1)).toMatchObject({ path: '/compat/wechatpay/v3/refund/domestic/refunds', signatureValid: true });
    expect(wechat.refunds.get(refundB.refundId)?.notify_url).toBe(ctx.callbackUrl);
  });
});
