import { startTempServer } from '../../support/temp-server.js';
import type { HostRuntime } from '../../../src/host/runtime.js';
import { paymentService } from '../../../src/payment/service.js';
import type { PaymentModule } from '../../../src/payment/payment-module.js';
import type { Envelope } from '../../host/auth/harness.js';

export type { ListResult } from '../../../src/host/api/list-result.js';
export type { PaymentView } from '../../../src/payment/orders/order-view.js';
export type { PaymentOverview } from '../../../src/payment/orders/overview.js';

/** The interface public key as the console shows it. */
export interface InterfaceKey {
  publicKey: string;
}

export const BOOTSTRAP_TOKEN = 'payment-bootstrap-token-0123456789abcdef';
export const ADMIN_PASSWORD = 'admin-password-1';
export const CONSOLE = '/apis/console.api.payment.authpay.dev/v1alpha1';
export const UC = '/apis/uc.api.payment.authpay.dev/v1alpha1';
export const PUBLIC = '/apis/api.payment.authpay.dev/v1alpha1';

export interface PaymentServer {
  runtime: HostRuntime;
  url: string;
  payment: PaymentModule;
  stop(): Promise<void>;
}

/** A real server on port 0 with its own SQLite directory (or AUTHPAY_DATABASE_URL when given in env). */
export async function startPaymentServer(env: Record<string, string> = {}): Promise<PaymentServer> {
  const { runtime, url, stop } = await startTempServer({
    prefix: 'authpay-payment',
    env: { AUTHPAY_ADMIN_PASSWORD: ADMIN_PASSWORD, AUTHPAY_BOOTSTRAP_TOKEN: BOOTSTRAP_TOKEN, ...env },
  });
  return { runtime, url, payment: paymentService.current!, stop };
}

/** An HTTP answer; T is what the test reads of the envelope's data. */
export interface Answer<T = unknown> {
  status: number;
  /** The parsed JSON body (the envelope on business endpoints); a body that is not JSON stays text. */
  body: Envelope<T>;
  /** The body as received. */
  text: string;
  headers: Headers;
}

/** A JSON call as the administrator (bootstrap token) unless headers say otherwise. */
export async function api<T = unknown>(
  server: PaymentServer,
  method: string,
  pathAndQuery: string,
  json?: unknown,
  headers: Record<string, string> = { authorization: `Bearer ${BOOTSTRAP_TOKEN}` },
): Promise<Answer<T>> {
  const init: RequestInit = {
    method,
    headers: { ...headers, ...(json !== undefined ? { 'content-type': 'application/json' } : {}) },
    redirect: 'manual',
  };
  if (json !== undefined) init.body = JSON.stringify(json);
  const res = await fetch(`${server.url}${pathAndQuery}`, init);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: body as Envelope<T>, text, headers: res.headers };
}

export const anonymous: Record<string, string> = {};

/** Polls until check passes (no timing assertions: only "eventually"). */
export async function eventually<T>(check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Updates payment settings through updatePaymentSettings. */
export async function configure(server: PaymentServer, patch: Record<string, unknown>): Promise<void> {
  const res = await api(server, 'PUT', `${CONSOLE}/settings`, patch);
  if (res.status !== 200) throw new Error(`updatePaymentSettings failed: ${res.status} ${res.text}`);
}
