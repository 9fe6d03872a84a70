import crypto from 'node:crypto';
import { and, eq, inValues, isNull, labelEq, or, type ExtensionClient, type Language } from '../../host/sdk/index.js';
import { requirePlugin } from '../catalog/find-plugin.js';
import { priceTypeOf } from '../catalog/price-type.js';
import type { SitePlugin } from '../catalog/types.js';
import type { PluginAuthDeps } from '../deps/plugin-auth-deps.js';
import { checkoutLock } from '../deps/lock-keys.js';
import { hasEntitlement } from '../permanent-users/permanent-users-service.js';
import { awaitCheckout } from './await-checkout.js';
import { amountText, CheckoutRequest, PaymentOrder, type OrderSubjects } from './payment-contract.js';
import { PURCHASE_CURRENCY, saleAmount } from '../catalog/sale-amount.js';
import { alreadyEntitled, checkoutPending, checkoutRefused, notForSale, paymentPending, purchaseInProgress } from './purchase-errors.js';
import {
  pairOf,
  PAIR_LABEL,
  PLUGIN_KEY_ANNOTATION,
  PLUGIN_PURCHASE,
  purchaseAnnotations,
  purchaseLabels,
  PURCHASE_LABEL,
  type PurchaseRefs,
} from './purchase-refs.js';
import { PluginPurchase } from './types.js';

export interface CheckoutInput {
  pluginKey: string;
  paymentType: string;
  paymentChannel: string;
  /** The signed-in buyer. */
  user: string;
  /** The language the buyer reads (their request's): the order's subject for the channel, and the answer's. */
  language: Language;
  clientIp?: string;
  userAgent?: string;
}

/** The order a checkout answers: where to pay it (`payUrl`, the payment page) and what it is. */
export interface CheckoutAnswer {
  paymentId: string;
  orderId: string;
  payUrl: string;
  subject: string;
  amount: string;
  currency: string;
  paymentType: string;
  paymentChannel: string;
  status: string;
  expiresAt?: string;
  pluginKey: string;
  /** True when an open order of this plugin and buyer was answered instead of a new one. */
  reused: boolean;
}

/** A checkout under way: its open order, or its request not answered yet; `created`: the request just written. */
interface UnderWay {
  order?: PaymentOrder;
  request?: string;
  created?: string;
}

/** Where the payment page sends the buyer back: their entitlements in the user center. */
export const ENTITLEMENTS_PATH = '/uc/plugin-auth/entitlements';

/**
 * Buys a paid catalog plugin (docs/plugin-purchase.md): refuses what cannot be bought (unknown or deleted,
 * free, limited-time free, already entitled, paid and being granted, an earlier payment unconfirmed), answers
 * the buyer's open order of the plugin when there is one, and otherwise asks the payment service for a system
 * order through a CheckoutRequest and waits for its answer. Looking and asking happen in one store
 * transaction under the buyer's checkout lock (checkoutLock), so concurrent checkouts of one buyer and
 * plugin, in any process, make one order.
 */
export async function checkoutPlugin(deps: PluginAuthDeps, input: CheckoutInput): Promise<CheckoutAnswer> {
  const plugin = await requirePlugin(deps.client, input.pluginKey);
  const amount = saleAmount(plugin.spec.price);
  if (priceTypeOf(plugin.spec.price) !== 'PAID' || !amount) throw notForSale(input.pluginKey, priceTypeOf(plugin.spec.price));
  const refs = { pluginKey: input.pluginKey, user: input.user };
  if (await hasEntitlement(deps.client, refs.pluginKey, refs.user)) throw alreadyEntitled(refs.pluginKey);
  const found = await deps.client.transaction(async () => {
    await deps.client.lock(checkoutLock(refs.pluginKey, refs.user));
    return (await openCheckout(deps.client, refs)) ?? { created: await requestOrder(deps, plugin, amount, input) };
  });
  if (found.order) return answerOf(found.order, await payUrlOf(deps, found.order), true, input.language);
  const name = found.request ?? found.created!;
  const status = await awaitCheckout(deps.client, deps.clock, name);
  if (!status) throw checkoutPending();
  if (status.phase === 'FAILED' || !status.paymentId) throw status.error ? checkoutRefused(status.error) : checkoutPending();
  const order = await deps.client.get(PaymentOrder, status.paymentId);
  return answerOf(order, status.payUrl ?? (await payUrlOf(deps, order)), found.request !== undefined, input.language);
}

/**
 * The buyer's checkout of this plugin that is still under way: an order open for payment, or a request the
 * payment service has not answered. A paid order whose grant is not written yet and an order whose result is
 * unknown refuse a new checkout (paying again could charge twice).
 */
async function openCheckout(client: ExtensionClient, refs: PurchaseRefs): Promise<UnderWay | undefined> {
  const mine = and(labelEq(PURCHASE_LABEL, PLUGIN_PURCHASE), labelEq(PAIR_LABEL, pairOf(refs)), eq('spec.username', refs.user));
  const live = ['UNPAID', 'PAYING', 'UNKNOWN', 'SUCCESS', 'PARTIALLY_REFUNDED'];
  const orders = (await client.list(PaymentOrder, { where: and(mine, inValues('spec.status', live)), limit: 20 })).items;
  for (const order of orders) {
    if (order.spec.status === 'UNKNOWN') throw paymentPending(order.spec.paymentId);
    if (order.spec.status !== 'UNPAID' && order.spec.status !== 'PAYING' && !(await client.fetch(PluginPurchase, order.spec.paymentId)))
      throw purchaseInProgress(order.spec.paymentId);
  }
  const open = orders.find((o) => o.spec.status === 'UNPAID' || o.spec.status === 'PAYING');
  if (open) return { order: open };
  const unanswered = or(isNull('status.phase'), eq('status.phase', 'PENDING'));
  const pending = await client.list(CheckoutRequest, { where: and(mine, unanswered), limit: 1 });
  return pending.items[0] ? { request: pending.items[0].metadata.name } : undefined;
}

/** The order's title in each language (docs/plugin-purchase.md): every reader of the order sees theirs. */
export function purchaseSubjects(pluginName: string): OrderSubjects {
  return { 'zh-CN': `购买插件：${pluginName}`.slice(0, 256), en: `Plugin purchase: ${pluginName}`.slice(0, 256) };
}

const ENTITLEMENT_WORDS: Record<Language, string> = { 'zh-CN': '永久授权', en: 'permanent entitlement' };

/** Writes the CheckoutRequest (named `plugin-{pair}-{random}`: the order number too). */
async function requestOrder(deps: PluginAuthDeps, plugin: SitePlugin, amount: string, input: CheckoutInput): Promise<string> {
  const refs = { pluginKey: plugin.spec.key, user: input.user };
  const name = `plugin-${pairOf(refs)}-${crypto.randomBytes(5).toString('hex')}`;
  const subjects = purchaseSubjects(plugin.spec.name);
  await deps.client.create(CheckoutRequest, {
    metadata: { name, labels: purchaseLabels(refs) },
    spec: {
      username: input.user,
      subject: subjects[input.language],
      subjects,
      body: `${plugin.spec.key} · ${ENTITLEMENT_WORDS[input.language]}`,
      amount,
      currency: PURCHASE_CURRENCY,
      paymentType: input.paymentType,
      paymentChannel: input.paymentChannel,
      returnUrl: `${deps.baseUrl}${ENTITLEMENTS_PATH}`,
      requestedBy: 'plugin-auth',
      orderLabels: purchaseLabels(refs),
      orderAnnotations: purchaseAnnotations(refs),
      ...(input.clientIp ? { clientIp: input.clientIp.slice(0, 64) } : {}),
      ...(input.userAgent ? { userAgent: input.userAgent.slice(0, 512) } : {}),
    },
  });
  return name;
}

/** The payment page of an order: as the payment service answered its request, else on this site. */
async function payUrlOf(deps: PluginAuthDeps, order: PaymentOrder): Promise<string> {
  const request = await deps.client.fetch(CheckoutRequest, order.spec.orderId);
  return request?.status?.payUrl ?? `${deps.baseUrl}/payment/${order.spec.paymentId}`;
}

function answerOf(order: PaymentOrder, payUrl: string, reused: boolean, language: Language): CheckoutAnswer {
  const s = order.spec;
  return {
    paymentId: s.paymentId,
    orderId: s.orderId,
    payUrl,
    subject: s.subjects?.[language] ?? s.subject,
    amount: amountText(s.paymentAmount),
    currency: s.currency,
    paymentType: s.paymentType,
    paymentChannel: s.paymentChannel,
    status: s.status,
    ...(s.expiresAt ? { expiresAt: s.expiresAt } : {}),
    pluginKey: order.metadata.annotations?.[PLUGIN_KEY_ANNOTATION] ?? '',
    reused,
  };
}
