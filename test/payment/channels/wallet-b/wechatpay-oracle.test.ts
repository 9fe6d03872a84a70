/**
 * wechatpay-axios-plugin (0.9.6) as an independent oracle. Its Formatter/Rsa/Aes helpers: verify our
 * Authorization signatures and JSAPI paySign, build and encrypt notifications our adapter must accept (and
 * refuse once tampered), and decrypt/verify the fake gateway's notifications. Its axios client: calls the
 * fake gateway (which must accept its requests) and verifies the fake's signed answers, so the fake speaks
 * the protocol the plugin speaks, not a private dialect.
 * API as installed: Formatter.request(method, uri, timestamp, nonce, body), Formatter.response(timestamp,
 * nonce, body), Rsa.sign(message, privateKey), Rsa.verify(message, signature, publicKey),
 * Aes.AesGcm.encrypt(plaintext, key, iv, aad) / decrypt(ciphertext, key, iv, aad).
 */
import { Aes, Formatter, Rsa, Wechatpay } from 'wechatpay-axios-plugin';
import { walletBDefinition, type WalletBChannel } from '../../../../src/payment/channels/wallet-b/index.js';
import type { CallbackRequest, ChannelOrder } from '../../../../src/payment/channels/core/types.js';
import { FakeWechatPayGateway, parseAuthorization } from './fake-wechat-gateway.js';
import { API_V3_KEY, APP_ID, MCH_ID, MERCHANT, MERCHANT_SERIAL, PLATFORM_CERT, PLATFORM_PUBKEY, walletBOptions } from './test-keys.js';

let gateway: FakeWechatPayGateway;
let channel: WalletBChannel;
let seq = 0;

const order = (paymentChannel = 'NATIVE'): ChannelOrder => ({
  paymentId: `p20260101oracle${++seq}${Date.now() % 100000}`,
  orderId: `o${seq}`,
  paymentType: 'WALLET_B',
  paymentChannel,
  subject: '插件授权 100% & more',
  amountMinor: 8880,
  currency: 'CNY',
});
const ctx = { callbackUrl: 'https://pay.example.com/cb', clientIp: '198.51.100.20', payerOpenId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' };

/** The merchant's plugin client, pointed at the fake gateway, trusting both platform keys. */
const pluginClient = () =>
  new Wechatpay({
    mchid: MCH_ID,
    serial: MERCHANT_SERIAL,
    privateKey: MERCHANT.privatePkcs8Pem,
    certs: { [PLATFORM_CERT.serial]: PLATFORM_CERT.pair.publicSpkiPem, [PLATFORM_PUBKEY.serial]: PLATFORM_PUBKEY.pair.publicSpkiPem },
    baseURL: `${gateway.url}/`,
  } as never) as unknown as PluginClient;

type PluginCall = Promise<{ status: number; data: Record<string, unknown> }>;
/** The chained API paths of the plugin that these tests use (`$name$` is a path placeholder). */
interface PluginClient {
  v3: {
    pay: {
      transactions: {
        native: { post(data: unknown): PluginCall };
        outTradeNo: { $out_trade_no$: { get(config: unknown): PluginCall } };
      };
    };
  };
}

/** Query by out_trade_no through the plugin; an error answer (404 for an unknown trade) rejects. */
const pluginQuery = (outTradeNo: string) =>
  pluginClient().v3.pay.transactions.outTradeNo.$out_trade_no$.get({ params: { mchid: MCH_ID }, out_trade_no: outTradeNo });

beforeAll(async () => {
  gateway = await new FakeWechatPayGateway({
    appId: APP_ID,
    mchId: MCH_ID,
    apiV3Key: API_V3_KEY,
    merchantSerial: MERCHANT_SERIAL,
    merchantPublicKey: MERCHANT.publicKey,
    signer: PLATFORM_CERT,
  }).start();
  channel = walletBDefinition.create(
    walletBDefinition.validateOptions(walletBOptions(gateway.url, { cert: PLATFORM_CERT, pubkey: PLATFORM_PUBKEY })),
  ) as WalletBChannel;
});
afterAll(() => gateway.stop());

describe('the fake gateway speaks the protocol the plugin speaks', () => {
  test("the plugin's signed Native prepay is accepted and the fake's signed answer passes the plugin's verifier", async () => {
    const outTradeNo = `plugin${Date.now()}`;
    const answer = await pluginClient().v3.pay.transactions.native.post({
      appid: APP_ID,
      mchid: MCH_ID,
      description: 'plugin',
      out_trade_no: outTradeNo,
      notify_url: 'https://pay.example.com/cb',
      amount: { total: 1, currency: 'CNY' },
    });
    expect(answer.status).toBe(200);
    expect(answer.data.code_url).toEqual(expect.stringMatching(/^weixin:\/\//));
    expect(gateway.requests.at(-1)!.signatureValid).toBe(true);
    gateway.options.signer = PLATFORM_PUBKEY;
    try {
      const queried = await pluginQuery(outTradeNo);
      expect(queried.data).toMatchObject({ out_trade_no: outTradeNo, trade_state: 'NOTPAY' });
    } finally {
      gateway.options.signer = PLATFORM_CERT;
    }
  });

  test("the plugin refuses the fake's answer when it is mis-signed (so the fake's signatures are not trivially accepted)", async () => {
    const o = order();
    await channel.initiate(o, ctx);
    await expect(pluginQuery(o.paymentId)).resolves.toMatchObject({ status: 200 });
    gateway.faults = ['badSign'];
    await expect(pluginQuery(o.paymentId)).rejects.toMatchObject({ code: 'EV3_RES_HEADER_SIGNATURE_DIGEST' });
    gateway.faults = ['unknownSerial'];
    await expect(pluginQuery(o.paymentId)).rejects.toMatchObject({ code: 'EV3_RES_HEADER_PLATFORM_SERIAL' });
    gateway.faults = [];
  });

  test("the fake's notifications verify and decrypt with the plugin", async () => {
    const o = order();
    await channel.initiate(o, ctx);
    gateway.settle(o.paymentId);
    const { body, headers } = gateway.notification(o.paymentId);
    const message = Formatter.response(headers['wechatpay-timestamp'], headers['wechatpay-nonce'], body);
    expect(Rsa.verify(message, headers['wechatpay-signature'], PLATFORM_CERT.pair.publicKey)).toBe(true);
    const { resource } = JSON.parse(body) as { resource: { ciphertext: string; nonce: string; associated_data: string } };
    const transaction = JSON.parse(Aes.AesGcm.decrypt(resource.ciphertext, API_V3_KEY, resource.nonce, resource.associated_data)) as Record<
      string,
      unknown
    >;
    expect(transaction).toMatchObject({ out_trade_no: o.paymentId, mchid: MCH_ID, appid: APP_ID, amount: { total: 8880 } });
  });
});

describe('our adapter against the plugin', () => {
  test('the plugin verifies the Authorization signature of every request our adapter sends', async () => {
    const o = order('H5');
    await channel.initiate(o, ctx);
    await channel.query(o);
    await channel.close(o);
    for (const request of gateway.requests.slice(-3)) {
      const fields = parseAuthorization(request.authorization)!;
      const message = Formatter.request(request.method, request.path, fields.timestamp, fields.nonce_str, request.body);
      expect(Rsa.verify(message, fields.signature, MERCHANT.publicKey)).toBe(true);
      expect(fields).toMatchObject({ mchid: MCH_ID, serial_no: MERCHANT_SERIAL });
    }
  });

  test('the JSAPI paySign verifies with the plugin', async () => {
    const { invokeParams } = await channel.initiate(order('JSAPI'), ctx);
    const p = invokeParams!;
    expect(Rsa.verify(Formatter.joinedByLineFeed(p.appId, p.timeStamp, p.nonceStr, p.package), p.paySign, MERCHANT.publicKey)).toBe(true);
  });

  describe('a notification built and encrypted by the plugin', () => {
    let o: ChannelOrder;
    const build = (signerKey = PLATFORM_PUBKEY.pair.privatePkcs8Pem, serial = PLATFORM_PUBKEY.serial) => {
      const nonce = Formatter.nonce(12);
      const transaction = {
        mchid: MCH_ID,
        appid: APP_ID,
        out_trade_no: o.paymentId,
        transaction_id: '4200000001202601010000000001',
        trade_type: 'NATIVE',
        trade_state: 'SUCCESS',
        success_time: '2026-01-01T12:00:03+08:00',
        amount: { total: 8880, payer_total: 8880, currency: 'CNY', payer_currency: 'CNY' },
      };
      const body = JSON.stringify({
        id: 'EV-2018022511223320873',
        create_time: '2026-01-01T12:00:05+08:00',
        resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource: {
          original_type: 'transaction',
          algorithm: 'AEAD_AES_256_GCM',
          ciphertext: Aes.AesGcm.encrypt(JSON.stringify(transaction), API_V3_KEY, nonce, 'transaction'),
          associated_data: 'transaction',
          nonce,
        },
      });
      const timestamp = String(Formatter.timestamp());
      const headerNonce = Formatter.nonce();
      const signature = Rsa.sign(Formatter.response(timestamp, headerNonce, body), Rsa.from(signerKey, Rsa.KEY_TYPE_PRIVATE));
      const headers = {
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': headerNonce,
        'wechatpay-signature': signature,
        'wechatpay-serial': serial,
      };
      return { body, headers };
    };
    const request = (n: { body: string; headers: Record<string, string> }): CallbackRequest => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', ...n.headers },
      query: {},
      rawBody: Buffer.from(n.body),
    });
    const pluginAccepts = (n: { body: string; headers: Record<string, string> }) =>
      Rsa.verify(
        Formatter.response(n.headers['wechatpay-timestamp'], n.headers['wechatpay-nonce'], n.body),
        n.headers['wechatpay-signature'],
        PLATFORM_PUBKEY.pair.publicKey,
      );

    beforeAll(() => {
      o = order();
    });

    test('is accepted by our adapter (public-key mode) with the amount in fen and the notification id', async () => {
      const n = build();
      expect(pluginAccepts(n)).toBe(true);
      await expect(channel.verifyCallback(request(n))).resolves.toMatchObject({
        orderRef: o.paymentId,
        status: 'SUCCESS',
        amountMinor: 8880,
        eventId: 'EV-2018022511223320873',
        paidAt: '2026-01-01T04:00:03.000Z',
      });
    });

    test('tampered, re-serialised or signed with another key: refused by the plugin and by us', async () => {
      const n = build();
      const tampered = { ...n, body: n.body.replace('支付成功', '支付成功 ') };
      const reserialised = { ...n, body: JSON.stringify(JSON.parse(n.body), null, 2) };
      const otherKey = build(PLATFORM_CERT.pair.privatePkcs8Pem);
      for (const bad of [tampered, reserialised, otherKey]) {
        expect(pluginAccepts(bad)).toBe(false);
        await expect(channel.verifyCallback(request(bad))).rejects.toMatchObject({ code: 'BAD_SIGNATURE' });
      }
    });
  });
});
