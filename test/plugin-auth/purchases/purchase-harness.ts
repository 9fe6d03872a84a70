import { BOOTSTRAP_TOKEN, bearer, call, type Answer, type Server } from '../../host/auth/harness.js';
import { as, authNotificationsOf, type StoredOutboxMessage } from '../harness.js';
import type { CheckoutAnswer } from '../../../src/plugin-auth/purchases/checkout-plugin.js';
import type { EntitlementView } from '../../../src/plugin-auth/permanent-users/my-entitlements.js';
import type { PluginPurchase } from '../../../src/plugin-auth/purchases/types.js';
import { PluginPurchase as PluginPurchaseKind } from '../../../src/plugin-auth/purchases/types.js';
import { PermanentAuthUser } from '../../../src/plugin-auth/permanent-users/types.js';

export type { CheckoutAnswer, EntitlementView, PluginPurchase };

export const UC = '/apis/uc.api.pluginauth.authpay.dev/v1alpha1';
export const PAY_PUBLIC = '/apis/api.payment.authpay.dev/v1alpha1';
export const PAY_CONSOLE = '/apis/console.api.payment.authpay.dev/v1alpha1';
export const PAY_UC = '/apis/uc.api.payment.authpay.dev/v1alpha1';
export const SANDBOX = { paymentType: 'SANDBOX', paymentChannel: 'SIMULATED' };

/** The user's checkoutPlugin call. */
export function checkout(server: Server, user: string, pluginKey: string, channel = SANDBOX): Promise<Answer<CheckoutAnswer>> {
  return as<CheckoutAnswer>(server, user, 'POST', `${UC}/checkouts`, { pluginKey, ...channel });
}

/** The payer presses "pay" (or "fail") on the SANDBOX payment page. */
export function sandboxPay(server: Server, paymentId: string, outcome: 'success' | 'fail' = 'success'): Promise<Answer> {
  return call(`${server.url}${PAY_PUBLIC}/payments/${paymentId}/sandboxPay`, { method: 'POST', json: { outcome } });
}

/** The administrator refunds an order (the whole rest when no amount). */
export function refund(server: Server, paymentId: string, amount?: string): Promise<Answer<{ status: string }>> {
  return call(`${server.url}${PAY_CONSOLE}/payments/${paymentId}/refunds`, {
    method: 'POST',
    headers: bearer(BOOTSTRAP_TOKEN),
    json: { reason: 'test refund', ...(amount ? { amount } : {}) },
  });
}

export async function purchaseRecord(server: Server, paymentId: string): Promise<PluginPurchase | undefined> {
  return server.runtime.client.fetch(PluginPurchaseKind, paymentId);
}

export async function entitlementsOf(server: Server, user: string): Promise<Array<{ spec: { pluginKey: string; paymentId?: string } }>> {
  const out = [];
  for await (const e of server.runtime.client.listAll(PermanentAuthUser)) if (e.spec.authUser === user) out.push(e);
  return out;
}

/** Purchase messages queued for the user (inbox, or inbox with e-mail), by template. */
export function purchaseMessages(server: Server, user: string, template: string): Promise<StoredOutboxMessage[]> {
  return authNotificationsOf(server, user, template);
}

/** Polls until check gives a value (no timing is asserted; the limit only ends a hung test). */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  limitMs = 20_000,
): Promise<T> {
  const until = Date.now() + limitMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
