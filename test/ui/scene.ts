/**
 * A merchant's money scene for the browser tests, made through the API and the store before a browser starts:
 * an ACTIVE merchant with paid SANDBOX orders, a settlement of them, 100.00 of test money, a bank card and two
 * withdrawals (one approved, one waiting for review). `session` logs a user in over HTTP for the cookies a
 * browser context takes and for API calls with the session.
 */
import { Merchant } from '../../src/payment/merchants/types.js';
import { paymentService } from '../../src/payment/service.js';
import { adjustmentMove } from '../../src/payment/ledger/moves.js';
import { postLedgerEntry } from '../../src/payment/ledger/post-entry.js';
import { seedPaidOrders } from '../payment/settlement/seed-orders.js';
import { asAdmin, type UiServer } from './support.js';

export const HOST = '/console.api.host.authpay.dev/v1alpha1';
export const PAY = '/console.api.payment.authpay.dev/v1alpha1';
export const UC_PAY = '/uc.api.payment.authpay.dev/v1alpha1';
export const PLUGIN_AUTH = '/console.api.pluginauth.authpay.dev/v1alpha1';
/** The bank card of the scene's merchant (passes the Luhn check). */
export const CARD_NUMBER = '5500005555555559';

export type Cookie = { name: string; value: string; url: string };

/** Logs a user in over HTTP: the session's cookies (for browser contexts) and a caller with its CSRF token. */
export async function session(server: UiServer, username: string, password: string) {
  const res = await fetch(`${server.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`log-in of ${username}: ${res.status}`);
  const cookies: Cookie[] = res.headers.getSetCookie().map((c) => {
    const [pair] = c.split(';');
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.url };
  });
  const header = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const xsrf = decodeURIComponent(cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await fetch(`${server.url}/apis${path}`, {
      method,
      headers: { cookie: header, 'x-xsrf-token': xsrf, origin: server.url, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const env = (await answer.json()) as { success: boolean; message: string; data: T };
    if (!env.success) throw new Error(`${method} ${path}: ${answer.status} ${env.message}`);
    return env.data;
  };
  return { cookies, call };
}

/** A user (password `<name>-password-1`) who is a merchant in the given status. */
export async function merchantUser(server: UiServer, name: string, status: 'ACTIVE' | 'PENDING'): Promise<void> {
  await asAdmin(server, 'POST', `${HOST}/users`, { username: name, email: `${name}@example.com`, password: `${name}-password-1` });
  await server.runtime.client.create(Merchant, {
    metadata: { name },
    spec: {
      merchantName: `店铺 ${name}`,
      contactPerson: 'Li Lei',
      contactPhone: '+86 138-0000-0000',
      contactEmail: `${name}@example.com`,
      businessType: '软件',
      agreementAccepted: true,
      username: name,
      status,
    },
  });
}

/** Merchant settings on, the sandbox on; then the scene above for `name`. Returns the merchant's session. */
export async function shopScene(server: UiServer, name: string, options: { confirmSettlement?: boolean } = {}) {
  await asAdmin(server, 'PUT', `${PAY}/settings`, { sandboxEnabled: true, allowLocalCallbackDomain: true, callbackDomain: server.url });
  await asAdmin(server, 'PUT', `${PAY}/merchant-settings`, {
    enabled: true,
    onboardingOpen: true,
    reviewRequired: true,
    defaultFeeRate: '0.60',
  });
  await merchantUser(server, name, 'ACTIVE');
  await seedPaidOrders(server.runtime.client, name, 3, name.replace(/[^a-z0-9]/g, ''));
  const settled = await asAdmin<{ records: Array<{ name: string }> }>(server, 'POST', `${PAY}/settlements/trigger`, { merchant: name });
  if (options.confirmSettlement) await asAdmin(server, 'POST', `${PAY}/settlements/${settled.records[0].name}/confirm`, {});
  await postLedgerEntry(
    paymentService.current!.deps,
    adjustmentMove(10_000, { merchant: name, currency: 'CNY', reference: `${name}-setup`, actor: 'test', note: 'test money' }),
  );
  const shop = await session(server, name, `${name}-password-1`);
  // The merchant role arrives through the reconciler: the account is refused until it has.
  let account: { name: string } | undefined;
  for (let attempt = 0; attempt < 40 && !account; attempt++) {
    account = await shop
      .call<{ name: string }>('POST', `${UC_PAY}/withdrawal-accounts`, {
        type: 'BANK_CARD',
        accountName: 'Li Lei',
        accountNumber: CARD_NUMBER,
        bankName: 'Bank of China',
      })
      .catch(() => new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 250)));
  }
  if (!account) throw new Error(`${name}: no withdrawal account`);
  const first = await shop.call<{ name: string }>('POST', `${UC_PAY}/withdrawals`, { account: account.name, amount: '1.00' });
  await shop.call('POST', `${UC_PAY}/withdrawals`, { account: account.name, amount: '2.00' });
  await asAdmin(server, 'POST', `${PAY}/withdrawals/${first.name}/approve`, {});
  return shop;
}
