/**
 * bench:payment — initiation and callback throughput of the payment service, over HTTP against an
 * in-process server on a fresh SQLite directory (BENCH_DATABASE_URL=postgres://… for PostgreSQL).
 * Callbacks include their signature verification: SANDBOX (HMAC-SHA256), WALLET_A (RSA2 against a local
 * Alipay gateway that also answers the confirming query), AGGREGATOR_2 (xunhupay's MD5 hash, confirmed by
 * a query at a local xunhupay gateway), AGGREGATOR_1 (MD5) and AGGREGATOR_3 (RSA) against local epay sites
 * (epay-rows.ts), WALLET_B (WeChat Pay APIv3: RSA signature, AES-256-GCM decryption, a signed confirming query
 * at a local WeChat Pay gateway) and CUSTOM's WeChat-Pay-compatible provider (the same, after routing by
 * headers), CARD (Stripe-Signature HMAC, a session query at a local Stripe API; card-rows.ts) and INTL_WALLET's
 * PayPal webhooks (intl-wallet-rows.ts: routed by headers, RSA over the body's CRC32 with the cached certificate,
 * a query at a local PayPal gateway). Writes its section of docs/benchmarks.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../src/main.js';
import { paymentService } from '../../src/payment/service.js';
import { SandboxChannel } from '../../src/payment/channels/sandbox/index.js';
import { toChannelOrder } from '../../src/payment/orders/order-view.js';
import { PaymentInfo } from '../../src/payment/orders/types.js';
import { FakeAlipayGateway } from '../../test/payment/channels/wallet-a/fake-alipay-gateway.js';
import { ALIPAY, APP, APP_ID } from '../../test/payment/channels/wallet-a/test-keys.js';
import { FakeXunhupayGateway } from '../../test/payment/channels/aggregator-2/fake-xunhupay-gateway.js';
import { FakeWechatPayGateway } from '../../test/payment/channels/wallet-b/fake-wechat-gateway.js';
import * as WX from '../../test/payment/channels/wallet-b/test-keys.js';
import { describeMachine, machineInfo } from '../lib/machine.js';
import { ms, table, thousands } from '../lib/markdown.js';
import { writeSection } from '../lib/report-writer.js';
import { runConcurrent, type ThroughputResult } from './concurrent.js';
import { startEpayBench } from './epay-rows.js';
import { startCardBench } from './card-rows.js';
import { startIntlWalletBench } from './intl-wallet-rows.js';

const N = Number(process.env.BENCH_N ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const TOKEN = 'bench-payment-token-0123456789abcdef';
const CONSOLE = '/apis/console.api.payment.authpay.dev/v1alpha1';
const CALLBACK = '/apis/api.payment.authpay.dev/v1alpha1/asyncCallback';
const XUNHUPAY = { appId: '201906181261', appSecret: 'e3b0c44298fc1c149afbf4c8996fb924' };

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-bench-payment-'));
  const env = {
    AUTHPAY_BOOTSTRAP_TOKEN: TOKEN,
    AUTHPAY_ADMIN_PASSWORD: 'bench-admin-1',
    ...(process.env.BENCH_DATABASE_URL ? { AUTHPAY_DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  };
  const { runtime, url } = await startServer({ port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent' }, env);
  const gateway = await new FakeAlipayGateway({ appId: APP_ID, appPublicKey: APP.publicKey, gatewayPrivateKey: ALIPAY.privateKey }).start();
  const xunhupay = await new FakeXunhupayGateway(XUNHUPAY).start();
  const wechatGateway = (basePath?: string) =>
    new FakeWechatPayGateway({
      appId: WX.APP_ID,
      mchId: WX.MCH_ID,
      apiV3Key: WX.API_V3_KEY,
      merchantSerial: WX.MERCHANT_SERIAL,
      merchantPublicKey: WX.MERCHANT.publicKey,
      signer: WX.PLATFORM_PUBKEY,
      basePath,
    }).start();
  const wechat = await wechatGateway();
  const compatible = await wechatGateway('/compatible');
  const admin = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
  const call = (method: string, p: string, body?: unknown) =>
    fetch(`${url}${p}`, { method, headers: admin, body: body === undefined ? undefined : JSON.stringify(body) });
  await call('PUT', `${CONSOLE}/settings`, {
    sandboxEnabled: true,
    allowLocalCallbackDomain: true,
    callbackDomain: url,
    walletAEnabled: true,
    walletAAppId: APP_ID,
    walletAPrivateKey: APP.privatePkcs8Pem,
    walletAPublicKey: ALIPAY.publicSpkiPem,
    walletAGateway: gateway.url,
    aggregator2Enabled: true,
    aggregator2Url: xunhupay.url,
    aggregator2QueryUrl: xunhupay.queryUrl,
    aggregator2MerchantId: XUNHUPAY.appId,
    aggregator2Key: XUNHUPAY.appSecret,
    walletBEnabled: true,
    ...WX.wechatCredentials('walletB'),
    walletBGateway: wechat.url,
    customEnabled: true,
    ...WX.wechatCredentials('customWalletB'),
    customWalletBGateway: compatible.url,
  });
  const epay = await startEpayBench(url, call);
  const card = await startCardBench(url, call);
  const deps = paymentService.current!.deps;
  const results: Array<[string, ThroughputResult]> = [];
  try {
    const initiate = (prefix: string, type: string, channel: string) => (i: number) =>
      call('POST', `${CONSOLE}/payments`, {
        orderId: `${prefix}-${i}`,
        subject: 'bench',
        paymentAmount: '1.00',
        paymentType: type,
        paymentChannel: channel,
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { data: { paymentId: string } } }));
    const sandboxIds: string[] = [];
    results.push([
      'initiate SANDBOX (createPayment)',
      await runConcurrent(
        N,
        CONCURRENCY,
        (i) => initiate('sbx', 'SANDBOX', 'SIMULATED')(i).then((r) => (sandboxIds.push(r.body.data.paymentId), r)),
        (r) => r.status === 200,
      ),
    ]);
    const aliIds: string[] = [];
    results.push([
      'initiate WALLET_A face-to-face (precreate at the gateway)',
      await runConcurrent(
        N,
        CONCURRENCY,
        (i) => initiate('ali', 'WALLET_A', 'FACE_TO_FACE_PAYMENT')(i).then((r) => (aliIds.push(r.body.data.paymentId), r)),
        (r) => r.status === 200,
      ),
    ]);

    const sandbox = (await deps.channels.instance('SANDBOX')) as SandboxChannel;
    const signed = await Promise.all(
      sandboxIds.map(async (id) => sandbox.simulateOutcome(toChannelOrder((await runtime.client.get(PaymentInfo, id)).spec), 'success')),
    );
    const post = (p: string, headers: Record<string, string>, body: string) =>
      fetch(`${url}${p}`, { method: 'POST', headers, body }).then(async (r) => ({ status: r.status, text: await r.text() }));
    results.push([
      'callback SANDBOX success (HMAC verify, query, transition, delivery record, log)',
      await runConcurrent(
        signed.length,
        CONCURRENCY,
        (i) => post(`${CALLBACK}/SANDBOX`, signed[i].headers as Record<string, string>, String(signed[i].rawBody)),
        (r) => r.status === 200,
      ),
    ]);
    results.push([
      'callback SANDBOX replay (HMAC verify, no change, log)',
      await runConcurrent(
        signed.length,
        CONCURRENCY,
        (i) => post(`${CALLBACK}/SANDBOX`, signed[i].headers as Record<string, string>, String(signed[i].rawBody)),
        (r) => r.status === 200,
      ),
    ]);

    const forms = aliIds.map((id) => {
      gateway.scan(id);
      gateway.trades.get(id)!.status = 'TRADE_SUCCESS';
      return new URLSearchParams(gateway.notifyParams(id)).toString();
    });
    const formHeaders = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' };
    results.push([
      'callback WALLET_A success (RSA2 verify, signed query at the gateway, transition)',
      await runConcurrent(
        forms.length,
        CONCURRENCY,
        (i) => post(`${CALLBACK}/WALLET_A`, formHeaders, forms[i]),
        (r) => r.text === 'success',
      ),
    ]);
    results.push([
      'callback WALLET_A replay (RSA2 verify, no change, log)',
      await runConcurrent(
        forms.length,
        CONCURRENCY,
        (i) => post(`${CALLBACK}/WALLET_A`, formHeaders, forms[i]),
        (r) => r.text === 'success',
      ),
    ]);

    const xhIds: string[] = [];
    results.push([
      'initiate AGGREGATOR_2 (payment/do.html at the gateway)',
      await runConcurrent(
        N,
        CONCURRENCY,
        (i) => initiate('xh', 'AGGREGATOR_2', 'WALLET_A')(i).then((r) => (xhIds.push(r.body.data.paymentId), r)),
        (r) => r.status === 200,
      ),
    ]);
    const xhForms = xhIds.map((id) => {
      Object.assign(xunhupay.trades.get(id)!, { status: 'OD', transaction_id: `4200${id.slice(-12)}` });
      return new URLSearchParams(xunhupay.notifyParams(id)).toString();
    });
    results.push([
      'callback AGGREGATOR_2 success (MD5 hash verify, query at the gateway, transition)',
      await runConcurrent(
        xhForms.length,
        CONCURRENCY,
        (i) => post(`${CALLBACK}/AGGREGATOR_2`, formHeaders, xhForms[i]),
        (r) => r.text === 'success',
      ),
    ]);
    results.push(...(await epay.callbackRows(N, CONCURRENCY)));

    const wechatIds: string[] = [];
    results.push([
      'initiate WALLET_B native (signed prepay at the gateway, verified answer)',
      await runConcurrent(
        N,
        CONCURRENCY,
        (i) => initiate('wx', 'WALLET_B', 'NATIVE')(i).then((r) => (wechatIds.push(r.body.data.paymentId), r)),
        (r) => r.status === 200,
      ),
    ]);
    const notifications = (fake: FakeWechatPayGateway, ids: string[]) =>
      ids.map((id) => {
        fake.settle(id);
        return fake.notification(id);
      });
    const wechatNotifications = notifications(wechat, wechatIds);
    results.push([
      'callback WALLET_B success (RSA verify, AES-GCM decrypt, signed query at the gateway, transition)',
      await runConcurrent(
        wechatNotifications.length,
        CONCURRENCY,
        (i) => post(`${CALLBACK}/WALLET_B`, wechatNotifications[i].headers, wechatNotifications[i].body),
        (r) => r.status === 204,
      ),
    ]);
    // WeChat Pay signs every resend afresh (the ±300 s window would refuse a copy signed before the last row).
    const resends = wechatNotifications.map(({ body }) => ({ body, headers: wechat.signedHeaders(body) }));
    results.push([
      'callback WALLET_B replay (RSA verify, AES-GCM decrypt, no change, log)',
      await runConcurrent(
        resends.length,
        CONCURRENCY,
        (i) => post(`${CALLBACK}/WALLET_B`, resends[i].headers, resends[i].body),
        (r) => r.status === 204,
      ),
    ]);

    const customIds: string[] = [];
    const customStarted = await runConcurrent(
      N,
      CONCURRENCY,
      (i) => initiate('cst', 'CUSTOM', 'WALLET_B_COMPATIBLE')(i).then((r) => (customIds.push(r.body.data.paymentId), r)),
      (r) => r.status === 200,
    );
    if (customStarted.failures > 0) throw new Error(`${customStarted.failures} CUSTOM initiations failed`);
    const customNotifications = notifications(compatible, customIds);
    results.push([
      'callback CUSTOM WALLET_B_COMPATIBLE success (routed by headers, then as WALLET_B)',
      await runConcurrent(
        customNotifications.length,
        CONCURRENCY,
        (i) => post(`${CALLBACK}/CUSTOM`, customNotifications[i].headers, customNotifications[i].body),
        (r) => r.status === 204,
      ),
    ]);
    results.push(...(await card.callbackRows(N, CONCURRENCY)));

    const paypal = await startIntlWalletBench(url, call);
    try {
      results.push(await paypal.callbackRow(N, CONCURRENCY));
    } finally {
      await paypal.stop();
    }
  } finally {
    await card.stop();
    await epay.stop();
    await xunhupay.stop();
    await wechat.stop();
    await compatible.stop();
    await gateway.stop();
    await runtime.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const backend = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  const body = [
    `## Payment: initiation and callback throughput (${backend})`,
    '',
    `Machine: ${describeMachine(machineInfo())}. Command: \`BENCH_N=${N} BENCH_CONCURRENCY=${CONCURRENCY} npm run bench:payment\`. Over `
      + `HTTP against an in-process server (fresh ${backend} store, every request authenticated or signature-checked as in `
      + `production); ${CONCURRENCY} requests in flight; each callback row sends ${N} distinct signed callbacks `
      + '(the epay rows by GET, the others by POST).',
    '',
    table(
      ['operation', 'requests', 'failures', 'per second', 'median ms', 'p90 ms', 'p99 ms', 'max ms'],
      results.map(([name, r]) => [
        name,
        thousands(r.ops),
        r.failures,
        thousands(r.perSecond),
        ms(r.latency.median),
        ms(r.latency.p90),
        ms(r.latency.p99),
        ms(r.latency.max),
      ]),
    ),
  ].join('\n');
  writeSection(`payment-${backend.toLowerCase()}`, body);
  process.stdout.write(`${body}\n`);
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  },
);
