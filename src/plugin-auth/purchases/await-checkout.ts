import type { Clock, ExtensionClient, WatchEvent } from '../../host/sdk/index.js';
import { CheckoutRequest, type CheckoutRequestStatus } from './payment-contract.js';

/** How long a checkout waits for the payment service's answer before saying "still being created". */
export const CHECKOUT_WAIT_MS = 15_000;
const POLL_MS = 250;

const answered = (status: CheckoutRequestStatus | undefined) => status?.phase === 'CREATED' || status?.phase === 'FAILED';

/**
 * Waits for the payment service to answer a checkout request (its reconciler runs on the leader, which may
 * be another replica): follows the kind's watch, reads once after subscribing so an answer written before is
 * not missed, and falls back to reading every 250 ms if the watch ends. Undefined when no answer came in time.
 */
export async function awaitCheckout(
  client: ExtensionClient,
  clock: Clock,
  name: string,
  timeoutMs = CHECKOUT_WAIT_MS,
): Promise<CheckoutRequestStatus | undefined> {
  let settle!: (status: CheckoutRequestStatus | undefined) => void;
  const result = new Promise<CheckoutRequestStatus | undefined>((resolve) => (settle = resolve));
  let polling: ReturnType<Clock['setTimeout']> | undefined;
  let finished = false;
  const poll = async () => {
    if (finished) return;
    const current = await client.fetch(CheckoutRequest, name).catch(() => undefined);
    if (answered(current?.status)) settle(current?.status);
    else if (!finished) polling = clock.setTimeout(() => void poll(), POLL_MS);
  };
  const watch = await client.watchChanges<CheckoutRequest>(
    CheckoutRequest,
    (event: WatchEvent<CheckoutRequest>) => {
      if (event.object.metadata.name === name && answered(event.object.status)) settle(event.object.status);
    },
    () => void poll(),
  );
  const deadline = clock.setTimeout(() => settle(undefined), timeoutMs);
  try {
    const current = await client.fetch(CheckoutRequest, name);
    if (answered(current?.status)) settle(current?.status);
    return await result;
  } finally {
    finished = true;
    watch.stop();
    clock.clearTimeout(deadline);
    if (polling !== undefined) clock.clearTimeout(polling);
  }
}
