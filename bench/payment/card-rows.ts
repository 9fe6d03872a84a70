/**
 * bench:payment row of CARD (Stripe Checkout) against the local Stripe API of the tests: N distinct
 * `checkout.session.completed` webhooks (paid sessions) POSTed to `asyncCallback/CUSTOM`, each signed when
 * it is sent by the official `stripe` package as Stripe does (the row's timing includes that). Every one is
 * routed by its Stripe-Signature header, verified (HMAC-SHA256, 300 s tolerance), confirmed by retrieving the
 * session at the local Stripe API and moves its order to SUCCESS.
 */
import { FakeStripeApi } from '../../test/payment/channels/card/fake-stripe-api.js';
import { SECRET_KEY, WEBHOOK_SECRET } from '../../test/payment/channels/card/test-keys.js';
import { runConcurrent, type ThroughputResult } from './concurrent.js';

const CONSOLE = '/apis/console.api.payment.authpay.dev/v1alpha1';
const CALLBACK = '/apis/api.payment.authpay.dev/v1alpha1/asyncCallback';

type Call = (method: string, path: string, body?: unknown) => Promise<Response>;

export interface CardBench {
  callbackRows(n: number, concurrency: number): Promise<Array<[string, ThroughputResult]>>;
  stop(): Promise<void>;
}

/** Starts the local Stripe API and switches CARD on through the settings API. */
export async function startCardBench(url: string, call: Call): Promise<CardBench> {
  const stripe = await new FakeStripeApi({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET }).start();
  const saved = await call('PUT', `${CONSOLE}/settings`, {
    cardEnabled: true,
    cardSecretKey: SECRET_KEY,
    cardWebhookSecret: WEBHOOK_SECRET,
    cardApiBaseUrl: stripe.url,
  });
  if (saved.status !== 200) throw new Error(`card settings refused: HTTP ${saved.status}`);

  async function callbackRows(n: number, concurrency: number): Promise<Array<[string, ThroughputResult]>> {
    const sessions: string[] = [];
    const started = await runConcurrent(
      n,
      concurrency,
      async (i) => {
        const res = await call('POST', `${CONSOLE}/payments`, {
          orderId: `card-${i}`,
          subject: 'bench',
          paymentAmount: '1.00',
          currency: 'USD',
          paymentType: 'CARD',
          paymentChannel: 'CHECKOUT',
        });
        const body = (await res.json()) as { data: { channelTradeNo: string } };
        if (res.status === 200) sessions.push(body.data.channelTradeNo);
        return res.status;
      },
      (status) => status === 200,
    );
    if (started.failures > 0) throw new Error(`${started.failures} CARD initiations failed`);
    // Paid at Stripe without a webhook; the row sends the webhooks.
    for (const id of sessions) await stripe.pay(id, { notify: false });
    const events = sessions.map((id) => JSON.stringify(stripe.event('checkout.session.completed', stripe.session(id))));
    const row = await runConcurrent(
      events.length,
      concurrency,
      async (i) => {
        const { body, headers } = stripe.signed(events[i]);
        const res = await fetch(`${url}${CALLBACK}/CUSTOM`, { method: 'POST', headers, body });
        await res.text();
        return res.status;
      },
      (status) => status === 200,
    );
    return [['callback CARD success (routed by Stripe-Signature, HMAC verify, session query at the local Stripe API, transition)', row]];
  }

  return { callbackRows, stop: () => stripe.stop() };
}
