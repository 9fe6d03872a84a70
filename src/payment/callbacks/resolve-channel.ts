import { isAppError } from '../../host/sdk/index.js';
import {
  CustomChannel,
  routeCustomCallback,
  type CallbackAnswer,
  type CallbackRequest,
  type CustomRoute,
  type PaymentChannel,
  type PaymentType,
} from '../channels/index.js';
import type { PaymentDeps } from '../deps/payment-deps.js';

/** Services whose webhooks may arrive at `asyncCallback/CUSTOM`, keyed by their CUSTOM sub-provider. */
const CUSTOM_CANDIDATES: ReadonlyArray<[CustomRoute['sub'], PaymentType]> = [
  ['CARD', 'CARD'],
  ['INTL_WALLET', 'INTL_WALLET'],
];

const jsonAnswer = (status: number, message: string): CallbackAnswer => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify({ received: false, message }),
});

/**
 * The adapter that verifies a callback: the path's paymentType (aliases accepted), or for CUSTOM the
 * configured sub-provider recognised by the request headers. When none can be had the answer is given here.
 */
export async function resolveCallbackChannel(
  deps: PaymentDeps,
  typeParam: string,
  request: CallbackRequest,
): Promise<{ channel: PaymentChannel; paymentType: string } | { answer: CallbackAnswer }> {
  // CUSTOM is an endpoint shared by the card and wallet checkouts' webhooks and the custom gateways.
  if (typeParam.trim().toUpperCase() === 'CUSTOM') return routeCustom(deps, request);
  let type: PaymentType;
  try {
    type = deps.channels.registry.resolveType(typeParam);
  } catch {
    deps.logger.info({ paymentType: typeParam.slice(0, 32), outcome: 'REFUSED', reason: 'UNKNOWN_PAYMENT_TYPE' }, 'payment callback');
    return { answer: jsonAnswer(404, 'unknown payment type') };
  }
  try {
    return { channel: await deps.channels.instance(type), paymentType: type };
  } catch (err) {
    deps.logger.warn(
      { paymentType: type, outcome: 'RETRY', reason: isAppError(err) ? err.code : 'INTERNAL' },
      'payment callback for a service that is not configured',
    );
    // 404, not 503: the answer is about this server's set-up, not a failure of ours; providers resend on any
    // answer but their own success text, so a notification sent while a service is being configured is not lost.
    return { answer: jsonAnswer(404, 'payment service not configured') };
  }
}

async function routeCustom(
  deps: PaymentDeps,
  request: CallbackRequest,
): Promise<{ channel: PaymentChannel; paymentType: string } | { answer: CallbackAnswer }> {
  const routes: Array<CustomRoute & { channel: PaymentChannel }> = [];
  // Every configured service, whatever its switch (like any service's callbacks: orders made while it was on
  // still settle). An unconfigured one has no secret to verify with and is left out.
  for (const [sub, type] of CUSTOM_CANDIDATES) {
    if (!deps.channels.registry.has(type)) continue;
    const channel = await deps.channels.instance(type).catch(() => undefined);
    if (channel) routes.push({ sub, channel });
  }
  // The custom gateways' sub-providers, each presents itself as CUSTOM and answers in its own protocol's format.
  const custom = deps.channels.registry.has('CUSTOM') ? await deps.channels.instance('CUSTOM').catch(() => undefined) : undefined;
  if (custom instanceof CustomChannel) routes.push(...custom.callbackRoutes());
  try {
    const route = routeCustomCallback(request, routes);
    return { channel: route.channel, paymentType: 'CUSTOM' };
  } catch (err) {
    deps.logger.info({ paymentType: 'CUSTOM', outcome: 'REFUSED', reason: isAppError(err) ? err.code : 'UNROUTABLE' }, 'payment callback');
    return { answer: jsonAnswer(400, 'no payment provider recognises this callback') };
  }
}
