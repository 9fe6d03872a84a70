/**
 * Settlement on a real server: merchants (Merchant objects written as the console's approval leaves them), their
 * users logged in for the user-center calls, and paid orders seeded straight into the store (the payment flow
 * itself is tested elsewhere; refunds-settled.test.ts pays SANDBOX orders end to end).
 */
import { randomBytes } from 'node:crypto';
import { Merchant } from '../../../src/payment/merchants/types.js';
import { PaymentInfo, type PaymentInfoSpec } from '../../../src/payment/orders/types.js';
import { api, CONSOLE, type Answer, type PaymentServer } from '../support/payment-server.js';

export const HOST_CONSOLE = '/apis/console.api.host.authpay.dev/v1alpha1';

/** Creates a user and logs in: cookie and CSRF headers for user-center calls. */
export async function userHeaders(server: PaymentServer, username: string): Promise<Record<string, string>> {
  const created = await api(server, 'POST', `${HOST_CONSOLE}/users`, {
    username,
    email: `${username}@example.com`,
    password: 'user-password-1',
  });
  if (created.status !== 201) throw new Error(`user ${username}: ${created.text}`);
  const login = await fetch(`${server.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'user-password-1' }),
  });
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
  const csrf = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]);
  return { cookie: cookies.join('; '), 'x-xsrf-token': csrf };
}

/** An ACTIVE merchant owned by `username`, optionally with its own fee rate. */
export async function merchant(server: PaymentServer, username: string, feeRateBasisPoints?: number): Promise<void> {
  await server.runtime.client.create(Merchant, {
    metadata: { name: username },
    spec: {
      merchantName: `Shop ${username}`,
      contactPerson: 'Li Lei',
      contactPhone: '+86 138-0000-0000',
      contactEmail: `${username}@example.com`,
      businessType: '软件',
      agreementAccepted: true,
      username,
      status: 'ACTIVE',
      ...(feeRateBasisPoints === undefined ? {} : { feeRateBasisPoints }),
    },
  });
}

let seq = 0;

/** A paid order of a platform, straight into the store; returns its paymentId. */
export async function paidOrder(
  server: PaymentServer,
  platform: string,
  amountMinor: number,
  over: Partial<PaymentInfoSpec> = {},
): Promise<string> {
  const paymentId = `p20261125${(++seq).toString(36).padStart(6, '0')}${randomBytes(7).toString('hex')}`;
  await server.runtime.client.create(PaymentInfo, {
    metadata: { name: paymentId },
    spec: {
      orderId: `o-${paymentId}`,
      paymentId,
      subject: '插件授权',
      paymentAmount: amountMinor,
      currency: 'CNY',
      paymentType: 'SANDBOX',
      paymentChannel: 'SIMULATED',
      platform,
      username: platform,
      status: 'SUCCESS',
      paidAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      ...over,
    },
  });
  return paymentId;
}

export interface SettlementView {
  name: string;
  merchant: string;
  orderCount: number;
  totalAmount: string;
  feeAmount: string;
  settlementAmount: string;
  currency: string;
  feeRate: string;
  status: string;
  confirmedBy?: string;
  remark?: string;
}

export interface TriggerAnswer {
  count: number;
  orders: number;
  records: SettlementView[];
}

export const trigger = (server: PaymentServer, body: Record<string, unknown> = {}): Promise<Answer<TriggerAnswer>> =>
  api<TriggerAnswer>(server, 'POST', `${CONSOLE}/settlements/trigger`, body);

export const move = (server: PaymentServer, name: string, what: 'confirm' | 'reject', body: Record<string, unknown> = {}) =>
  api<SettlementView>(server, 'POST', `${CONSOLE}/settlements/${name}/${what}`, body);

export const mySettings = (server: PaymentServer, patch: Record<string, unknown>) =>
  api(server, 'PUT', `${CONSOLE}/merchant-settings`, patch);
