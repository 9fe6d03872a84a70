/**
 * The official alipay-sdk as an independent oracle: it must accept what our adapter signs, our adapter
 * must accept what it signs with the "Alipay" key, and both must agree on the fake gateway's answers and
 * notifications (so the fake speaks the real protocol, not a private dialect).
 */
import { AlipaySdk } from 'alipay-sdk';
import { walletADefinition, type WalletAChannel } from '../../../../src/payment/channels/wallet-a/index.js';
import type { CallbackRequest, ChannelOrder } from '../../../../src/payment/channels/core/types.js';
import { FakeAlipayGateway } from './fake-alipay-gateway.js';
import { ALIPAY, APP, APP_ID, rsaPair } from './test-keys.js';

let gateway: FakeAlipayGateway;
let channel: WalletAChannel;
let seq = 0;

/** The merchant's SDK: signs with the application key, trusts the "Alipay" key. */
const merchantSdk = () =>
  new AlipaySdk({ appId: APP_ID, privateKey: APP.privatePkcs1Pem, alipayPublicKey: ALIPAY.publicSpkiPem, gateway: gateway.url });
/** An SDK that checks signatures made with the application key (what the gateway does with our requests). */
const requestChecker = new AlipaySdk({ appId: APP_ID, privateKey: ALIPAY.privatePkcs1Pem, alipayPublicKey: APP.publicSpkiPem });
/** An SDK whose signer holds the "Alipay" private key: it produces notifications only Alipay could sign. */
const alipaySigner = (privatePem = ALIPAY.privatePkcs1Pem) =>
  new AlipaySdk({ appId: APP_ID, privateKey: privatePem, alipayPublicKey: APP.publicSpkiPem });

function order(channelName = 'FACE_TO_FACE_PAYMENT'): ChannelOrder {
  seq += 1;
  return {
    paymentId: `SDK${Date.now()}${seq}`,
    orderId: `o${seq}`,
    paymentType: 'WALLET_A',
    paymentChannel: channelName,
    subject: '测试 100% & more',
    amountMinor: 1,
    currency: 'CNY',
  };
}

function formRequest(params: Record<string, string>): CallbackRequest {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    query: {},
    rawBody: Buffer.from(new URLSearchParams(params).toString()),
  };
}

const notifyFields = (outTradeNo: string) => ({
  notify_type: 'trade_status_sync',
  notify_id: '2024050100222120000012345',
  notify_time: '2024-05-01 12:00:05',
  trade_status: 'TRADE_FINISHED',
  out_trade_no: outTradeNo,
  trade_no: '2024050122001400000000000001',
  total_amount: '88.80',
  gmt_payment: '2024-05-01 12:00:03',
  fund_bill_list: '[{"amount":"88.80","fundChannel":"ALIPAYACCOUNT"}]',
});

beforeAll(async () => {
  gateway = await new FakeAlipayGateway({ appId: APP_ID, appPublicKey: APP.publicKey, gatewayPrivateKey: ALIPAY.privateKey }).start();
  const options = walletADefinition.validateOptions({
    appId: APP_ID,
    privateKey: APP.privatePkcs8Base64,
    alipayPublicKey: ALIPAY.publicSpkiBase64,
    gateway: gateway.url,
  });
  channel = walletADefinition.create(options) as WalletAChannel;
});

afterAll(() => gateway.stop());

describe('the fake gateway speaks the protocol the official SDK speaks', () => {
  test('alipay-sdk exec(precreate) is accepted by the fake, and its signed answer verifies in the SDK', async () => {
    const result = await merchantSdk().exec(
      'alipay.trade.precreate',
      { bizContent: { out_trade_no: `SDKX${Date.now()}`, total_amount: '0.01', subject: 'sdk', product_code: 'FACE_TO_FACE_PAYMENT' } },
      { validateSign: true },
    );
    expect(result).toMatchObject({ code: '10000', qrCode: expect.stringMatching(/^https:\/\/qr\.alipay\.com\//) });
    expect(gateway.calls.at(-1)!.signatureValid).toBe(true);
  });

  test('the SDK rejects a fake answer whose signature was broken, as our adapter does', async () => {
    gateway.faults = ['badSign'];
    await expect(
      merchantSdk().exec('alipay.trade.query', { bizContent: { out_trade_no: 'none' } }, { validateSign: true }),
    ).rejects.toThrow(/验签失败/);
  });

  test('an alipay-sdk pageExecute GET URL is accepted by the fake gateway', async () => {
    const url = merchantSdk().pageExecute('alipay.trade.page.pay', 'GET', {
      bizContent: { out_trade_no: `SDKP${Date.now()}`, total_amount: '1.00', subject: 'sdk page', product_code: 'FAST_INSTANT_TRADE_PAY' },
      notifyUrl: 'https://example.com/n',
    });
    expect((await fetch(url)).status).toBe(200);
    expect(gateway.calls.at(-1)!.signatureValid).toBe(true);
  });
});

describe('our signatures verify in the SDK', () => {
  test('our precreate request parameters verify with the application public key in alipay-sdk', async () => {
    await channel.initiate(order(), { callbackUrl: 'https://pay.example.com/cb' });
    const { params } = gateway.calls.at(-1)!;
    expect(requestChecker.checkNotifySignV2(params)).toBe(true);
    expect(requestChecker.checkNotifySignV2({ ...params, biz_content: params.biz_content.replace('"0.01"', '"0.02"') })).toBe(false);
  });

  test('our page-pay URL parameters verify in alipay-sdk', async () => {
    const result = await channel.initiate(order('PC_WEBSITE'), {
      callbackUrl: 'https://pay.example.com/cb',
      returnUrl: 'https://shop.example.com/r?a=1&b=2',
    });
    const params = Object.fromEntries(new URL(result.payUrl!).searchParams);
    expect(requestChecker.checkNotifySignV2(params)).toBe(true);
  });
});

describe('notifications: our verifier and the SDK agree', () => {
  test('a notification from the fake gateway verifies in both, and a tampered one in neither', async () => {
    const o = order();
    await channel.initiate(o, { callbackUrl: 'https://pay.example.com/cb' });
    gateway.scan(o.paymentId).status = 'TRADE_SUCCESS';
    const params = gateway.notifyParams(o.paymentId);
    expect(merchantSdk().checkNotifySignV2(params)).toBe(true);
    expect(await channel.verifyCallback(formRequest(params))).toMatchObject({ orderRef: o.paymentId, status: 'SUCCESS', amountMinor: 1 });
    const tampered = { ...params, total_amount: '100.00' };
    expect(merchantSdk().checkNotifySignV2(tampered)).toBe(false);
    await expect(channel.verifyCallback(formRequest(tampered))).rejects.toMatchObject({ code: 'BAD_SIGNATURE' });
  });

  test('a notification signed by alipay-sdk with the "Alipay" key verifies in our adapter', async () => {
    const signed = Object.fromEntries(new URLSearchParams(alipaySigner().sdkExecute('alipay.trade.notify', notifyFields('SDKN1'))));
    expect(signed.sign_type).toBe('RSA2');
    expect(merchantSdk().checkNotifySign(signed)).toBe(true);
    const event = await channel.verifyCallback(formRequest(signed));
    expect(event).toMatchObject({
      orderRef: 'SDKN1',
      status: 'SUCCESS',
      vendorStatus: 'TRADE_FINISHED',
      amountMinor: 8880,
      currency: 'CNY',
      eventId: '2024050100222120000012345',
      paidAt: '2024-05-01T04:00:03.000Z',
    });
  });

  test('tampered amount, an added field or the wrong signing key fail in our adapter (and in the SDK)', async () => {
    const signed = Object.fromEntries(new URLSearchParams(alipaySigner().sdkExecute('alipay.trade.notify', notifyFields('SDKN2'))));
    const variants = [
      { ...signed, total_amount: '0.01' },
      { ...signed, refund_fee: '88.80' },
      Object.fromEntries(
        new URLSearchParams(alipaySigner(rsaPair().privatePkcs1Pem).sdkExecute('alipay.trade.notify', notifyFields('SDKN2'))),
      ),
    ];
    for (const params of variants) {
      expect(merchantSdk().checkNotifySign(params)).toBe(false);
      await expect(channel.verifyCallback(formRequest(params))).rejects.toMatchObject({ code: 'BAD_SIGNATURE', status: 401 });
    }
  });
});
