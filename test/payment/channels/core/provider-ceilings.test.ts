/**
 * Provider ceilings (issue #28 item 9): every adapter states the largest amount its provider takes, and an
 * initiation above it is a 400 at paymentAmount naming the ceiling in both languages — before an order
 * exists or anything reaches the provider. WeChat Pay's `amount.total` is int32 fen: 30,000,000.00 CNY
 * (3000000000 fen) would overflow it, so WALLET_B and the WeChat-compatible CUSTOM stop at 21,474,836.47.
 */
import { CARD_CURRENCIES } from '../../../../src/payment/channels/card/index.js';
import { CustomChannel } from '../../../../src/payment/channels/custom/index.js';
import { EPAY_CURRENCIES } from '../../../../src/payment/channels/epay/index.js';
import { AGGREGATOR_2_CURRENCIES } from '../../../../src/payment/channels/aggregator-2/index.js';
import { parseChannelAmount, type ChannelCurrencyRule } from '../../../../src/payment/channels/index.js';
import { IntlWalletChannel } from '../../../../src/payment/channels/intl-wallet/intl-wallet-channel.js';
import type { IntlWalletOptions } from '../../../../src/payment/channels/intl-wallet/options.js';
import { SANDBOX_CURRENCIES } from '../../../../src/payment/channels/sandbox/sandbox-channel.js';
import { WALLET_A_CURRENCIES } from '../../../../src/payment/channels/wallet-a/index.js';
import { WALLET_B_CURRENCIES } from '../../../../src/payment/channels/wallet-b/index.js';
import { PaymentInfo } from '../../../../src/payment/orders/types.js';
import {
  api,
  BOOTSTRAP_TOKEN,
  configure,
  CONSOLE,
  startPaymentServer,
  type PaymentServer,
  type PaymentView,
} from '../../support/payment-server.js';
import { FakeWechatPayGateway } from '../wallet-b/fake-wechat-gateway.js';
import {
  API_V3_KEY,
  APP_ID,
  MCH_ID,
  MERCHANT,
  MERCHANT_SERIAL,
  PLATFORM_CERT,
  PLATFORM_PUBKEY,
  type PlatformSigner,
  wechatCredentials,
} from '../wallet-b/test-keys.js';

type Rules = Readonly<Record<string, ChannelCurrencyRule>>;
const paypal = new IntlWalletChannel({
  clientId: 'client',
  clientSecret: 'secret',
  webhookId: 'webhook',
  currencies: ['USD', 'JPY'],
  baseUrl: 'http://127.0.0.1:9',
  verification: 'api',
  certOrigins: [],
} as unknown as IntlWalletOptions);
const custom = new CustomChannel({} as ConstructorParameters<typeof CustomChannel>[0]);

/** [adapter, its rules for the channel, currency, ceiling as decimal text, one minor unit more]. */
const CEILINGS: Array<[string, Rules, string, string, string]> = [
  ['WALLET_A (Alipay)', WALLET_A_CURRENCIES, 'CNY', '100000000.00', '100000000.01'],
  ['WALLET_B (WeChat Pay)', WALLET_B_CURRENCIES, 'CNY', '21474836.47', '21474836.48'],
  ['CUSTOM WALLET_B_COMPATIBLE', custom.currenciesFor('WALLET_B_COMPATIBLE'), 'CNY', '21474836.47', '21474836.48'],
  ['CUSTOM WALLET_A_COMPATIBLE', custom.currenciesFor('WALLET_A_COMPATIBLE'), 'CNY', '100000000.00', '100000000.01'],
  ['AGGREGATOR_1 / AGGREGATOR_3 (epay)', EPAY_CURRENCIES, 'CNY', '21474836.47', '21474836.48'],
  ['AGGREGATOR_2 (xunhupay)', AGGREGATOR_2_CURRENCIES, 'CNY', '21474836.47', '21474836.48'],
  ['CARD (Stripe) USD', CARD_CURRENCIES, 'USD', '999999.99', '1000000.00'],
  ['CARD (Stripe) JPY', CARD_CURRENCIES, 'JPY', '99999999', '100000000'],
  ['INTL_WALLET (PayPal) USD', paypal.currencies, 'USD', '9999999.99', '10000000.00'],
  ['INTL_WALLET (PayPal) JPY', paypal.currencies, 'JPY', '9999999999', '10000000000'],
  ['SANDBOX', SANDBOX_CURRENCIES, 'CNY', '100000000.00', '100000000.01'],
];

describe.each(CEILINGS)('%s', (_name, currencies, currency, ceiling, above) => {
  const channel = { id: 'WALLET_A' as const, currencies };

  test(`takes ${ceiling} ${currency} and refuses ${above}, naming the ceiling`, () => {
    expect(() => parseChannelAmount(channel, ceiling, currency)).not.toThrow();
    let refused: { code?: string; message?: string; messageEn?: string; details?: Array<{ field?: string }> } = {};
    try {
      parseChannelAmount(channel, above, currency);
    } catch (err) {
      refused = err as typeof refused;
    }
    expect(refused.code).toBe('INVALID_AMOUNT');
    expect(refused.details?.[0]?.field).toBe('paymentAmount');
    // The ceiling written as the reader writes money (Intl's currency format of each language).
    const written = (locale: string) => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(ceiling as unknown as number);
    expect(refused.messageEn).toBe(`paymentAmount must be at most ${written('en')}`);
    expect(refused.message).toBe(`金额不能超过 ${written('zh-CN')}`);
  });
});

describe('at creation over HTTP: WALLET_B and the WeChat-compatible CUSTOM', () => {
  let server: PaymentServer;
  let wechat: FakeWechatPayGateway;
  let compatible: FakeWechatPayGateway;

  beforeAll(async () => {
    server = await startPaymentServer();
    const gateway = (signer: PlatformSigner, basePath?: string) =>
      new FakeWechatPayGateway({
        appId: APP_ID,
        mchId: MCH_ID,
        apiV3Key: API_V3_KEY,
        merchantSerial: MERCHANT_SERIAL,
        merchantPublicKey: MERCHANT.publicKey,
        signer,
        ...(basePath ? { basePath } : {}),
      }).start();
    wechat = await gateway(PLATFORM_PUBKEY);
    compatible = await gateway(PLATFORM_CERT, '/wechatpay-compatible');
    await configure(server, {
      callbackDomain: server.url,
      allowLocalCallbackDomain: true,
      allowPrivateNotifyTargets: true,
      supportedChannels: ['WALLET_B:NATIVE', 'CUSTOM:WALLET_B_COMPATIBLE'],
      walletBEnabled: true,
      ...wechatCredentials('walletB'),
      walletBGateway: wechat.url,
      customEnabled: true,
      customWalletBGateway: compatible.url,
      customWalletBAppId: APP_ID,
      customWalletBMchId: MCH_ID,
      customWalletBApiV3Key: API_V3_KEY,
      customWalletBSerialNo: MERCHANT_SERIAL,
      customWalletBPrivateKey: MERCHANT.privatePkcs8Pem,
      customWalletBPlatformCertificates: PLATFORM_CERT.certificatePem,
    });
  }, 60_000);
  afterAll(async () => {
    await wechat?.stop();
    await compatible?.stop();
    await server?.stop();
  });

  const create = (orderId: string, paymentType: string, paymentChannel: string, paymentAmount: string, language = 'zh-CN') =>
    api<PaymentView>(
      server,
      'POST',
      `${CONSOLE}/payments`,
      { orderId, subject: 'ceiling', paymentAmount, paymentType, paymentChannel },
      { authorization: `Bearer ${BOOTSTRAP_TOKEN}`, 'accept-language': language },
    );

  test.each([
    ['WALLET_B', 'NATIVE', () => wechat],
    ['CUSTOM', 'WALLET_B_COMPATIBLE', () => compatible],
  ])('%s %s: 30,000,000.00 CNY is a 400 naming 21474836.47 in both languages; nothing is sent or stored', async (type, channel, gw) => {
    const sentBefore = gw().requests.length;
    const en = await create(`too-much-${type}`, type, channel, '30000000.00', 'en');
    expect([en.status, en.body.code]).toEqual([400, 'INVALID_AMOUNT']);
    expect(en.body.details).toEqual([
      expect.objectContaining({ field: 'paymentAmount', message: 'paymentAmount must be at most CN¥21,474,836.47' }),
    ]);
    const zh = await create(`too-much-${type}`, type, channel, '21474836.48');
    expect(zh.status).toBe(400);
    expect(zh.body.details?.[0]?.message).toBe('金额不能超过 ¥21,474,836.47');
    expect(gw().requests.length).toBe(sentBefore);
    const orders = await server.runtime.client.list(PaymentInfo, {});
    expect(orders.items.filter((o) => o.spec.orderId === `too-much-${type}`)).toEqual([]);
  });

  test.each([
    ['WALLET_B', 'NATIVE', () => wechat],
    ['CUSTOM', 'WALLET_B_COMPATIBLE', () => compatible],
  ])('%s %s: exactly 21474836.47 CNY goes to the gateway as amount.total 2147483647', async (type, channel, gw) => {
    const res = await create(`ceiling-${type}`, type, channel, '21474836.47');
    expect(res.status).toBe(200);
    const sent = gw().requests.filter((r) => r.method === 'POST' && r.body.includes(res.body.data.paymentId));
    expect(JSON.parse(sent[0].body).amount.total).toBe(2147483647);
  });
});
