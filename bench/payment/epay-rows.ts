/**
 * bench:payment rows of the epay services: AGGREGATOR_1 (V1, MD5) and AGGREGATOR_3 (V2, RSA) against local
 * epay sites (the fake gateways of the tests). Each row sends N distinct signed success notifications by GET
 * (the published way), each signed at send time as the site does (the row's timing includes that). Every
 * one is verified, confirmed by a query at the site (V1: api.php with the key; V2: a signed api/pay/query
 * whose answer is verified) and moves its order to SUCCESS.
 */
import { FakeEpayGateway } from '../../test/payment/channels/epay/fake-epay-gateway.js';
import { MERCHANT, PID, PLATFORM, V1_KEY } from '../../test/payment/channels/epay/test-keys.js';
import { runConcurrent, type ThroughputResult } from './concurrent.js';

const CONSOLE = '/apis/console.api.payment.authpay.dev/v1alpha1';
const CALLBACK = '/apis/api.payment.authpay.dev/v1alpha1/asyncCallback';

type Call = (method: string, path: string, body?: unknown) => Promise<Response>;

export interface EpayBench {
  callbackRows(n: number, concurrency: number): Promise<Array<[string, ThroughputResult]>>;
  stop(): Promise<void>;
}

/** Starts the two sites and switches both services on through the settings API. */
export async function startEpayBench(url: string, call: Call): Promise<EpayBench> {
  const v1 = await new FakeEpayGateway({ version: 'v1', pid: PID, key: V1_KEY }).start();
  const v2 = await new FakeEpayGateway({
    version: 'v2',
    pid: PID,
    merchantPublicKey: MERCHANT.publicKey,
    platformPrivateKey: PLATFORM.privateKey,
  }).start();
  const saved = await call('PUT', `${CONSOLE}/settings`, {
    aggregator1Enabled: true,
    aggregator1Url: v1.url,
    aggregator1MerchantId: PID,
    aggregator1Key: V1_KEY,
    aggregator3Enabled: true,
    aggregator3Url: v2.url,
    aggregator3MerchantId: PID,
    aggregator3Key: MERCHANT.privatePkcs8Pem,
    aggregator3PlatformPublicKey: PLATFORM.publicSpkiPem,
  });
  if (saved.status !== 200) throw new Error(`epay settings refused: HTTP ${saved.status}`);

  /**
   * Creates n orders (untimed) and pays them at the site; each notification is signed when it is sent, as the
   * site does (a V2 timestamp is only good for 300 s).
   */
  async function paidOrders(type: string, gateway: FakeEpayGateway, n: number, concurrency: number): Promise<Array<() => string>> {
    const ids: string[] = [];
    await runConcurrent(
      n,
      concurrency,
      async (i) => {
        const res = await call('POST', `${CONSOLE}/payments`, {
          orderId: `${type}-${i}`,
          subject: 'bench',
          paymentAmount: '1.00',
          paymentType: type,
          paymentChannel: i % 2 ? 'WALLET_B' : 'WALLET_A',
        });
        const body = (await res.json()) as { data: { paymentId: string } };
        ids.push(body.data.paymentId);
        return res.status;
      },
      (status) => status === 200,
    );
    return ids.map((id) => {
      const trade = gateway.trades.get(id)!;
      trade.status = 1;
      trade.endtime = '2026-11-25 14:31:02';
      return () => `${url}${CALLBACK}/${type}?${new URLSearchParams(gateway.notifyParams(id)).toString()}`;
    });
  }

  const get = (target: string) => fetch(target).then(async (r) => ({ status: r.status, text: await r.text() }));
  return {
    async callbackRows(n, concurrency) {
      const rows: Array<[string, ThroughputResult]> = [];
      const md5 = await paidOrders('AGGREGATOR_1', v1, n, concurrency);
      rows.push([
        'callback AGGREGATOR_1 success (epay V1 GET, MD5 verify, query at the site, transition)',
        await runConcurrent(
          md5.length,
          concurrency,
          (i) => get(md5[i]()),
          (r) => r.text === 'success',
        ),
      ]);
      const rsa = await paidOrders('AGGREGATOR_3', v2, n, concurrency);
      rows.push([
        'callback AGGREGATOR_3 success (epay V2 GET, RSA + timestamp verify, verified query at the site, transition)',
        await runConcurrent(
          rsa.length,
          concurrency,
          (i) => get(rsa[i]()),
          (r) => r.text === 'success',
        ),
      ]);
      return rows;
    },
    async stop() {
      await v1.stop();
      await v2.stop();
    },
  };
}
