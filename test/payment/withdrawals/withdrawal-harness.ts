/**
 * Merchants with money, on a real server: users log in (session cookie + XSRF header), onboard without fee or
 * review (ACTIVE at once), and get money through the ledger. The money is put in by test set-up only: an
 * ADJUSTMENT posted with postLedgerEntry against the server's own store (the settlement family credits it in
 * production).
 */
import { adjustmentMove } from '../../../src/payment/ledger/moves.js';
import { postLedgerEntry, type LedgerDeps } from '../../../src/payment/ledger/post-entry.js';
import { api, CONSOLE, UC, type Answer } from '../support/payment-server.js';

/** Anything with a base URL: an in-process PaymentServer or a child server process. */
export interface Target {
  url: string;
}

export type Headers = Record<string, string>;
export const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
/** Card numbers that pass the Luhn check (test numbers of the card schemes), and one that does not. */
export const CARD_OK = '4111 1111 1111 1111';
export const CARD_OK_2 = '5500-0055-5555-5559';
export const CARD_BAD = '4111111111111112';

export function call<T = unknown>(target: Target, method: string, path: string, json?: unknown, headers?: Headers): Promise<Answer<T>> {
  return api<T>(target as Parameters<typeof api>[0], method, path, json, headers);
}

/** Creates a user (console, bootstrap token) and logs in: the session headers the user center takes. */
export async function userSession(target: Target, username: string): Promise<Headers> {
  const created = await call(target, 'POST', '/apis/console.api.host.authpay.dev/v1alpha1/users', {
    username,
    email: `${username}@example.com`,
    password: 'user-password-1',
  });
  if (created.status !== 201) throw new Error(`createUser ${username}: ${created.text}`);
  const login = await fetch(`${target.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'user-password-1' }),
  });
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
  const csrf = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]);
  return { cookie: cookies.join('; '), 'x-xsrf-token': csrf };
}

/** Opens the merchant platform to onboarding without fee or review. */
export async function openPlatform(target: Target): Promise<void> {
  const res = await call(target, 'PUT', `${CONSOLE}/merchant-settings`, { enabled: true, onboardingOpen: true, reviewRequired: false });
  if (res.status !== 200) throw new Error(`merchant settings: ${res.text}`);
}

/** A user who is an ACTIVE merchant; answers their session headers. */
export async function activeMerchant(target: Target, username: string): Promise<Headers> {
  const headers = await userSession(target, username);
  const res = await call(
    target,
    'POST',
    `${UC}/merchant`,
    {
      merchantName: `Shop ${username}`,
      contactPerson: 'Li Lei',
      contactPhone: '+86 138-0000-0000',
      contactEmail: `${username}@example.com`,
      businessType: '软件',
      agreementAccepted: true,
    },
    headers,
  );
  if (res.status !== 200) throw new Error(`onboardMerchant ${username}: ${res.text}`);
  return headers;
}

/** Test set-up only: money for a merchant, as an ADJUSTMENT through the ledger on the server's store. */
export async function fund(deps: LedgerDeps, merchant: string, minor: number, ticket: string): Promise<void> {
  await postLedgerEntry(
    deps,
    adjustmentMove(minor, { merchant, currency: 'CNY', reference: ticket, actor: 'test-setup', note: 'test set-up money' }),
  );
}

export interface AccountView {
  name: string;
  type: string;
  accountNumber: string;
  isDefault: boolean;
  collectionCodeUrl?: string;
}

export interface WithdrawalView {
  name: string;
  merchant: string;
  status: string;
  amount: string;
  accountDetails: { accountNumber: string };
  transitions: Array<{ from: string; to: string; actor?: string; reason?: string }>;
}

export async function bankAccount(target: Target, headers: Headers, over: Record<string, unknown> = {}): Promise<AccountView> {
  const res = await call<AccountView>(
    target,
    'POST',
    `${UC}/withdrawal-accounts`,
    { type: 'BANK_CARD', accountName: 'Li Lei', accountNumber: CARD_OK, bankName: 'ICBC', branchName: 'Haidian', ...over },
    headers,
  );
  if (res.status !== 200) throw new Error(`createWithdrawalAccount: ${res.text}`);
  return res.body.data;
}

export function apply(target: Target, headers: Headers, account: string, amount: string): Promise<Answer<WithdrawalView>> {
  return call<WithdrawalView>(target, 'POST', `${UC}/withdrawals`, { account, amount }, headers);
}
