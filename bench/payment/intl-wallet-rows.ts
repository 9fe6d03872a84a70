/**
 * bench:payment row of INTL_WALLET (PayPal Orders v2) against the local PayPal gateway of the tests: N
 * distinct PAYMENT.CAPTURE.COMPLETED webhooks at asyncCallback/CUSTOM, each routed by its PAYPAL-* headers,
 * verified offline (SHA256withRSA over transmission id, time, webhook id and the body's CRC32, with the
 * certificate fetched once from PAYPAL-CERT-URL and cached), confirmed by a GET of the order at the gateway
 * (bearer token cached) and moving its order to SUCCESS. Orders are created and captured untimed.
 */
import { FakePayPalGateway } from '../../test/payment/channels/intl-wallet/fake-paypal-gateway.js';
import { CLIENT_ID, CLIENT_SECRET, PAYPAL_SIGNER, WEBHOOK_ID } from '../../test/payment/channels/intl-wallet/test-keys.js';
import { runConcurrent, type ThroughputResult } from './concurrent.js';

const CONSOLE = '/apis/console.api.payment.authpay.dev/v1alpha1';
const CALLBACK = '/apis/api.payment.authpay.dev/v1alpha1/asyncCallback';

type Call = (method: string, path: string, body?: unknown) => Promise<Response>;

export interface IntlWalletBench {
  callbackRow(n: number, concurrency: number): Promise<[string, ThroughputResult]>;
  stop(): Promise<void>;
}

/** Starts the gateway and switches INTL_WALLET on through the settings API. */
export async function startIntlWalletBench(url: string, call: Call): Promise<IntlWalletBench> {
  const gateway = await new FakePayPalGateway({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    webhookId: WEBHOOK_ID,
    signer: PAYPAL_SIGNER,
  }).start();
  const saved = await call('PUT', `${CONSOLE}/settings`, {
    intlWalletEnabled: true,
    intlWalletClientId: CLIENT_ID,
    intlWalletClientSecret: CLIENT_SECRET,
    intlWalletWebhookId: WEBHOOK_ID,
    intlWalletCurrency: 'USD',
    intlWalletGateway: gateway.url,
  });
  if (saved.status !== 200) throw new Error(`INTL_WALLET settings refused: HTTP ${saved.status}`);
  return {
    async callbackRow(n, concurrency) {
      const ids: string[] = [];
      const started = await runConcurrent(
        n,
        concurrency,
        async (i) => {
          const res = await call('POST', `${CONSOLE}/payments`, {
            orderId: `pp-${i}`,
            subject: 'bench',
            paymentAmount: '1.00',
            currency: 'USD',
            paymentType: 'INTL_WALLET',
            paymentChannel: 'CHECKOUT',
          });
          ids.push(((await res.json()) as { data: { paymentId: string } }).data.paymentId);
          return res.status;
        },
        (status) => status === 200,
      );
      if (started.failures > 0) throw new Error(`${started.failures} INTL_WALLET initiations failed`);
      const webhooks = ids.map((id) => gateway.webhook('PAYMENT.CAPTURE.COMPLETED', gateway.captureJson(gateway.captureNow(id))));
      const result = await runConcurrent(
        webhooks.length,
        concurrency,
        (i) =>
          fetch(`${url}${CALLBACK}/CUSTOM`, { method: 'POST', headers: webhooks[i].headers, body: webhooks[i].body }).then((r) => r.status),
        (status) => status === 200,
      );
      return [
        'callback INTL_WALLET success (routed by PAYPAL-* headers, RSA over CRC32, cached certificate, query at the gateway, transition)',
        result,
      ];
    },
    stop: () => gateway.stop(),
  };
}
