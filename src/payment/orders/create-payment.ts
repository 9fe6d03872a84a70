import { isChannelError, parseChannelAmount, type InitiateResult } from '../channels/index.js';
import type { OrderDeps } from './order-events.js';
import { callbackPath } from '../api/api-groups.js';
import { publicBaseUrl } from '../settings/payment-settings.js';
import { closeAtChannelQuietly } from './close-payment.js';
import { findOrCreateOrder, type Caller, type OrderMetadata } from './find-or-create.js';
import { asciiUrls, checkInitiateUrls, type InitiatePaymentInput } from './initiate-input.js';
import { toChannelOrder } from './order-view.js';
import { applyTransition } from './state-machine.js';
import { PaymentInfo } from './types.js';
import type { OrderSubjects } from './order-subject.js';

export interface CreatePaymentOptions {
  clientIp?: string;
  userAgent?: string;
  /**
   * Labels and annotations a new order carries (a checkout request's references: what was bought, for whom),
   * so the service that asked for the order can find and follow it by label without importing payment.
   */
  metadata?: OrderMetadata;
  /** The title in each language, for an order the service composes (never from a caller's body). */
  subjects?: OrderSubjects;
}

/**
 * The one initiation service (createPayment, testPayment, and the merchant platform API later): checks the
 * channel (registered, switched on, whitelisted), parses the amount for the channel's currency rules,
 * finds or creates the order of (platform, orderId) and starts it at the channel. Returns the order with
 * its qrCode or payUrl. A second call for an unpaid order returns that order (started again only if the
 * first start never reached the channel).
 */
export async function createPayment(
  deps: OrderDeps,
  given: InitiatePaymentInput,
  caller: Caller,
  options: CreatePaymentOptions = {},
): Promise<PaymentInfo> {
  const input = asciiUrls(given);
  const choice = await deps.channels.forInitiation(input.paymentType, input.paymentChannel);
  const currency = input.currency ?? choice.channel.defaultCurrency ?? 'CNY';
  const money = parseChannelAmount(choice.channel, input.paymentAmount, currency, choice.paymentChannel);
  const settings = await deps.settings.read();
  checkInitiateUrls(input, settings.allowPrivateNotifyTargets);
  const payer = { clientIp: options.clientIp, payerOpenId: payerOpenIdOf(input.additionalData) };
  choice.channel.assertPayerFacts?.(choice.paymentChannel, payer);
  const { order } = await findOrCreateOrder(deps, input, choice, money, caller, options.metadata, options.subjects);
  if (order.spec.status !== 'UNPAID' || order.spec.qrCode || order.spec.payUrl) return order;
  const base = publicBaseUrl(settings, deps.siteUrl);
  let result: InitiateResult;
  try {
    result = await choice.channel.initiate(toChannelOrder(order.spec), {
      callbackUrl: `${base}${callbackPath(choice.paymentType)}`,
      returnUrl: order.spec.returnUrl,
      baseUrl: base,
      clientIp: payer.clientIp,
      userAgent: options.userAgent,
      payerOpenId: payer.payerOpenId ?? payerOpenIdOf(order.spec.additionalData?.caller),
    });
  } catch (err) {
    await failAfterChannelError(deps, order, err);
    throw err;
  }
  return recordStart(deps, order, result);
}

/** The payer's openid under the merchant's app (WeChat Pay JSAPI), as the initiation's additionalData carries it. */
function payerOpenIdOf(additionalData: unknown): string | undefined {
  const openid = (additionalData as { openid?: unknown } | undefined)?.openid;
  return typeof openid === 'string' && openid ? openid : undefined;
}

/**
 * A refusal by the channel ends the order (FAILED, reason = the channel's code). An outage or an answer we
 * cannot read leaves it UNPAID: the trade may exist at the channel, so calling again retries (the merchant
 * order number makes that idempotent there) and the time-out job closes it at the channel.
 */
async function failAfterChannelError(deps: OrderDeps, order: PaymentInfo, err: unknown): Promise<void> {
  deps.logger.warn({ paymentId: order.spec.paymentId, err: (err as Error).message }, 'payment initiation failed at the channel');
  if (isChannelError(err, 'CHANNEL_UNAVAILABLE') || isChannelError(err, 'CHANNEL_BAD_RESPONSE')) return;
  const reason = isChannelError(err) ? `${err.code}: ${err.message}` : 'INITIATION_FAILED';
  await applyTransition(deps, order, { to: 'FAILED', source: 'INITIATE', reason }).catch(() => undefined);
}

/** Writes the channel's answer; when the order changed meanwhile (closed), the trade is closed at the channel. */
async function recordStart(deps: OrderDeps, order: PaymentInfo, result: InitiateResult): Promise<PaymentInfo> {
  const facts = {
    qrCode: result.qrCode,
    payUrl: result.payUrl ?? (result.form ? formUrl(result.form) : undefined),
    channelTradeNo: result.channelTradeNo,
    additionalData: {
      ...(order.spec.additionalData ?? {}),
      channel: result.raw as Record<string, unknown>,
      ...(result.invokeParams ? { invokeParams: result.invokeParams } : {}),
    },
  };
  if (result.status === 'UNPAID') {
    const spec = Object.fromEntries(Object.entries(facts).filter(([, v]) => v !== undefined));
    // Written on the version created: a concurrent change (a close) makes it a Conflict, as a patch would.
    return deps.client.update({ ...order, spec: { ...order.spec, ...spec } }, { read: order });
  }
  const outcome = await applyTransition(deps, order, { to: 'PAYING', source: 'INITIATE', facts });
  // Closed while we were at the channel: compensate, so the payer cannot pay an order that is over.
  if (!outcome.changed && outcome.order.spec.status === 'FAILED') await closeAtChannelQuietly(deps, outcome.order);
  return outcome.order;
}

/** A GET form becomes a link; a POST form is kept in additionalData and served by the payment page. */
function formUrl(form: NonNullable<InitiateResult['form']>): string | undefined {
  if (form.method !== 'GET') return undefined;
  const url = new URL(form.action);
  for (const [k, v] of Object.entries(form.fields)) url.searchParams.set(k, v);
  return url.toString();
}
