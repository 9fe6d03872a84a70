/**
 * A real payment server (SQLite, or PostgreSQL when given a database URL) with WALLET_A and WALLET_B configured
 * through the settings API against the local Alipay and WeChat Pay gateways, a business system's notifyUrl,
 * and helpers to pay an order and refund it through the console operations.
 */
import { eq } from '../../../src/host/sdk/index.js';
import { PaymentInfo } from '../../../src/payment/orders/types.js';
import { PaymentRefund } from '../../../src/payment/refunds/types.js';
import type { RefundView } from '../../../src/payment/refunds/refund-view.js';
import { FakeAlipayGateway } from '../channels/wallet-a/fake-alipay-gateway.js';
import { ALIPAY, APP, APP_ID } from '../channels/wallet-a/test-keys.js';
import { FakeWechatPayGateway } from '../channels/wallet-b/fake-wechat-gateway.js';
import { API_V3_KEY, APP_ID as WX_APP_ID, MCH_ID, MERCHANT, MERCHANT_SERIAL, PLATFORM_PUBKEY } from '../channels/wallet-b/test-keys.js';
import { NotifyReceiver } from '../support/notify-receiver.js';
import {
  api,
  BOOTSTRAP_TOKEN,
  configure,
  CONSOLE,
  eventually,
  startPaymentServer,
  type Answer,
  type InterfaceKey,
  type PaymentServer,
  type PaymentView,
} from '../support/payment-server.js';

export type { RefundView };
export type Wallet = 'WALLET_A' | 'WALLET_B';

export interface RefundWorld {
  servers: PaymentServer[];
  alipay: FakeAlipayGateway;
  wechat: FakeWechatPayGateway;
  receiver: NotifyReceiver;
  stop(): Promise<void>;
}

/** Starts `replicas` servers on one store (SQLite: one; PostgreSQL: several on one schema) and the gateways. */
export async function startRefundWorld(options: { databaseUrl?: string; replicas?: number } = {}): Promise<RefundWorld> {
  const env: Record<string, string> = options.databaseUrl ? { AUTHPAY_DATABASE_URL: options.databaseUrl } : {};
  const servers: PaymentServer[] = [];
  for (let i = 0; i < (options.replicas ?? 1); i++) servers.push(await startPaymentServer(env));
  const alipay = await new FakeAlipayGateway({ appId: APP_ID, appPublicKey: APP.publicKey, gatewayPrivateKey: ALIPAY.privateKey }).start();
  const wechat = await new FakeWechatPayGateway({
    appId: WX_APP_ID,
    mchId: MCH_ID,
    apiV3Key: API_V3_KEY,
    merchantSerial: MERCHANT_SERIAL,
    merchantPublicKey: MERCHANT.publicKey,
    signer: PLATFORM_PUBKEY,
  }).start();
  const receiver = await new NotifyReceiver().start();
  const first = servers[0];
  await configure(first, {
    allowLocalCallbackDomain: true,
    callbackDomain: first.url,
    allowPrivateNotifyTargets: true,
    supportedChannels: ['WALLET_A:FACE_TO_FACE_PAYMENT', 'WALLET_B:NATIVE', 'SANDBOX:SIMULATED'],
    sandboxEnabled: true,
    walletAEnabled: true,
    walletAAppId: APP_ID,
    walletAPrivateKey: APP.privatePkcs8Pem,
    walletAPublicKey: ALIPAY.publicSpkiBase64,
    walletAGateway: alipay.url,
    walletBEnabled: true,
    walletBAppId: WX_APP_ID,
    walletBMchId: MCH_ID,
    walletBApiV3Key: API_V3_KEY,
    walletBSerialNo: MERCHANT_SERIAL,
    walletBPrivateKey: MERCHANT.privatePkcs8Pem,
    walletBPublicKeyId: PLATFORM_PUBKEY.serial,
    walletBPublicKey: PLATFORM_PUBKEY.pair.publicSpkiPem,
    walletBGateway: wechat.url,
  });
  receiver.publicKeyPem = (await api<InterfaceKey>(first, 'GET', `${CONSOLE}/interface-keys/public`)).body.data.publicKey;
  return {
    servers,
    alipay,
    wechat,
    receiver,
    stop: async () => {
      await receiver.stop();
      await wechat.stop();
      await alipay.stop();
      for (const server of servers.reverse()) await server.stop();
    },
  };
}

const CHANNEL: Record<Wallet, string> = { WALLET_A: 'FACE_TO_FACE_PAYMENT', WALLET_B: 'NATIVE' };

/** Creates an order on a wallet and pays it at the wallet's gateway (signed notification): a SUCCESS order. */
export async function paidOrder(world: RefundWorld, wallet: Wallet, orderId: string, amount = '12.30'): Promise<PaymentView> {
  const server = world.servers[0];
  const created = await api<PaymentView>(server, 'POST', `${CONSOLE}/payments`, {
    orderId,
    subject: '插件授权',
    paymentAmount: amount,
    paymentType: wallet,
    paymentChannel: CHANNEL[wallet],
    notifyUrl: world.receiver.url,
  });
  if (created.status !== 200) throw new Error(`createPayment: ${created.text}`);
  const { paymentId } = created.body.data;
  const answer = wallet === 'WALLET_A' ? await world.alipay.pay(paymentId) : await world.wechat.pay(paymentId);
  if (answer.status >= 300) throw new Error(`payment notification answered ${answer.status}`);
  return eventually(async () => {
    const view = await order(server, paymentId);
    return view.status === 'SUCCESS' ? view : undefined;
  });
}

/** The console's refundPayment. */
export function refund(
  server: PaymentServer,
  paymentId: string,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
): Promise<Answer<RefundView>> {
  return api<RefundView>(server, 'POST', `${CONSOLE}/payments/${paymentId}/refunds`, body, {
    authorization: `Bearer ${BOOTSTRAP_TOKEN}`,
    ...headers,
  });
}

/** The order as the console shows it (getPayment: with its refunds). */
export async function order(
  server: PaymentServer,
  paymentId: string,
): Promise<PaymentView & { refunds: RefundView[]; transitions: Array<Record<string, unknown>> }> {
  const answer = await api<PaymentView & { refunds: RefundView[]; transitions: Array<Record<string, unknown>> }>(
    server,
    'GET',
    `${CONSOLE}/payments/${paymentId}`,
  );
  if (answer.status !== 200) throw new Error(`getPayment: ${answer.text}`);
  return answer.body.data;
}

/** The stored order and refunds (what the store holds, beyond the API's view). */
export async function stored(server: PaymentServer, paymentId: string) {
  const info = await server.runtime.client.get(PaymentInfo, paymentId);
  const refunds = (await server.runtime.client.list(PaymentRefund, { where: eq('spec.paymentId', paymentId) })).items;
  return { order: info, refunds };
}

/** The payment.refunded deliveries the business system received for an order, oldest first. */
export function refundedNotifications(world: RefundWorld, paymentId: string) {
  return world.receiver.forPayment(paymentId).filter((r) => r.body.event === 'payment.refunded');
}

export const jobContext = () => ({
  signal: new AbortController().signal,
  counts: {} as Record<string, number>,
  reportCounts(c: Record<string, number>) {
    for (const [k, v] of Object.entries(c)) this.counts[k] = (this.counts[k] ?? 0) + v;
  },
});
