/**
 * Withdrawal accounts and withdrawals on a real server (SQLite): accounts with the Luhn check and exactly one
 * default, applications and each of their refusals, every console move and its refusals, batch moves,
 * isolation between merchants, notifications, and 50 concurrent applications over the withdrawable balance.
 * Money comes from an ADJUSTMENT posted in test set-up (withdrawal-harness.ts: fund).
 */
import { eq } from '../../../src/host/sdk/index.js';
import { checkBalance, readBalance } from '../../../src/payment/ledger/read-balance.js';
import { LedgerEntry } from '../../../src/payment/ledger/types.js';
import { CONSOLE, eventually, startPaymentServer, UC, type PaymentServer } from '../support/payment-server.js';
import {
  activeMerchant,
  apply,
  bankAccount,
  call,
  CARD_BAD,
  CARD_OK_2,
  fund,
  openPlatform,
  PNG_1PX,
  userSession,
  type AccountView,
  type Headers,
  type WithdrawalView,
} from './withdrawal-harness.js';

let server: PaymentServer;
let alice: Headers;
let bob: Headers;
const deps = () => server.payment.deps;
const balance = (merchant: string) => readBalance(deps(), merchant, 'CNY');
const move = (name: string, action: string, body: Record<string, unknown> = {}) =>
  call<WithdrawalView>(server, 'POST', `${CONSOLE}/withdrawals/${name}/${action}`, body);
const accounts = async (h: Headers) =>
  (await call<{ items: AccountView[] }>(server, 'GET', `${UC}/withdrawal-accounts`, undefined, h)).body.data.items;

beforeAll(async () => {
  server = await startPaymentServer();
  await openPlatform(server);
  alice = await activeMerchant(server, 'alice');
  bob = await activeMerchant(server, 'bob');
  await fund(deps(), 'alice', 100_000, 'alice-setup');
  await fund(deps(), 'bob', 5_000, 'bob-setup');
}, 60_000);
afterAll(() => server?.stop());

describe('withdrawal accounts', () => {
  test('a bank card needs a number passing the Luhn check (error at the field) and a bank', async () => {
    const bad = await call(
      server,
      'POST',
      `${UC}/withdrawal-accounts`,
      { type: 'BANK_CARD', accountName: 'A', accountNumber: CARD_BAD, bankName: 'ICBC' },
      alice,
    );
    expect([bad.status, bad.body.code]).toEqual([400, 'INVALID_CARD_NUMBER']);
    expect(bad.body.details?.[0]).toMatchObject({ field: 'accountNumber', reason: 'LUHN' });
    const noBank = await call(
      server,
      'POST',
      `${UC}/withdrawal-accounts`,
      { type: 'BANK_CARD', accountName: 'A', accountNumber: CARD_OK_2 },
      alice,
    );
    expect([noBank.status, noBank.body.details?.[0]?.field]).toEqual([400, 'bankName']);
    expect(await accounts(alice)).toEqual([]);
  });

  test('the first account is the default; a new default unsets the old; deleting the default promotes another', async () => {
    const first = await bankAccount(server, alice);
    expect(first).toMatchObject({ isDefault: true, accountNumber: '4111111111111111', bankName: 'ICBC', branchName: 'Haidian' });
    const second = await bankAccount(server, alice, { accountNumber: CARD_OK_2 });
    expect(second.isDefault).toBe(false);
    const third = await bankAccount(server, alice, { isDefault: true });
    expect((await accounts(alice)).filter((a) => a.isDefault).map((a) => a.name)).toEqual([third.name]);
    const edited = await call<AccountView>(
      server,
      'PUT',
      `${UC}/withdrawal-accounts/${second.name}`,
      { type: 'BANK_CARD', accountName: 'Han Meimei', accountNumber: CARD_OK_2, bankName: 'BOC', isDefault: true },
      alice,
    );
    expect(edited.body.data).toMatchObject({ accountName: 'Han Meimei', bankName: 'BOC', isDefault: true });
    expect((await accounts(alice)).filter((a) => a.isDefault).map((a) => a.name)).toEqual([second.name]);
    const deleted = await call(server, 'DELETE', `${UC}/withdrawal-accounts/${second.name}`, undefined, alice);
    expect(deleted.status).toBe(200);
    const left = await accounts(alice);
    expect(left.map((a) => a.name).sort()).toEqual([first.name, third.name].sort());
    expect(left.filter((a) => a.isDefault)).toHaveLength(1);
  });

  test('a wallet account keeps a collection-code image the merchant uploaded; another merchant’s image is refused', async () => {
    const upload = (h: Headers, data = PNG_1PX, contentType = 'image/png') =>
      call<{ name: string; url: string }>(
        server,
        'POST',
        `${UC}/withdrawal-accounts/collection-code`,
        { contentType, data, filename: 'code.png' },
        h,
      );
    const mine = await upload(alice);
    expect(mine.status).toBe(200);
    const notImage = await upload(alice, Buffer.from('<svg onload=alert(1)>').toString('base64'), 'image/svg+xml');
    expect([notImage.status, notImage.body.code]).toEqual([415, 'ATTACHMENT_TYPE_UNSUPPORTED']);
    const lying = await upload(alice, PNG_1PX, 'image/jpeg');
    expect([lying.status, lying.body.code]).toEqual([400, 'ATTACHMENT_TYPE_MISMATCH']);
    const bobs = await upload(bob);
    const wallet = { type: 'WALLET_A', accountName: 'Li Lei', accountNumber: 'lilei@example.com' };
    for (const code of [bobs.body.data.url, '/attachments/att-aaaaaaaaaaaaaaaaaaaaaaaaaa', 'https://evil.example/x.png']) {
      const refused = await call(server, 'POST', `${UC}/withdrawal-accounts`, { ...wallet, collectionCode: code }, alice);
      expect([refused.status, refused.body.details?.[0]?.field]).toEqual([400, 'collectionCode']);
    }
    const ok = await call<AccountView>(
      server,
      'POST',
      `${UC}/withdrawal-accounts`,
      { ...wallet, collectionCode: mine.body.data.url },
      alice,
    );
    expect(ok.body.data).toMatchObject({ type: 'WALLET_A', collectionCodeUrl: mine.body.data.url, isDefault: false });
    const image = await fetch(`${server.url}${mine.body.data.url}`);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(PNG_1PX, 'base64'))).toBe(true);
    const carol = await userSession(server, 'carol-upload');
    expect((await upload(carol)).body.code).toBe('NOT_A_MERCHANT');
  });

  test('isolation: a merchant sees, edits and deletes only its own accounts; a non-merchant has none', async () => {
    const bobs = await bankAccount(server, bob);
    expect((await accounts(bob)).map((a) => a.name)).toEqual([bobs.name]);
    expect((await accounts(alice)).map((a) => a.name)).not.toContain(bobs.name);
    const [aliceAccount] = await accounts(alice);
    const edit = await call(
      server,
      'PUT',
      `${UC}/withdrawal-accounts/${aliceAccount.name}`,
      { type: 'BANK_CARD', accountName: 'X', accountNumber: CARD_OK_2, bankName: 'X' },
      bob,
    );
    expect([edit.status, edit.body.code]).toEqual([404, 'WITHDRAWAL_ACCOUNT_NOT_FOUND']);
    const del = await call(server, 'DELETE', `${UC}/withdrawal-accounts/${aliceAccount.name}`, undefined, bob);
    expect(del.status).toBe(404);
    const carol = await userSession(server, 'carol');
    const none = await call(server, 'GET', `${UC}/withdrawal-accounts`, undefined, carol);
    expect([none.status, none.body.code]).toEqual([403, 'NOT_A_MERCHANT']);
  });
});

describe('applying', () => {
  test('each refusal of the spec has its own clear error, and nothing is written', async () => {
    const [account] = await accounts(alice);
    const [bobsAccount] = await accounts(bob);
    const before = await balance('alice');
    const cases: Array<[string, string, number, string, string?]> = [
      [account.name, '0', 400, 'INVALID_AMOUNT', 'NOT_POSITIVE'],
      [account.name, '-5', 400, 'INVALID_AMOUNT', 'NOT_POSITIVE'],
      [account.name, '1.234', 400, 'INVALID_AMOUNT', 'TOO_MANY_DECIMALS'],
      [account.name, 'abc', 400, 'INVALID_AMOUNT', 'MALFORMED'],
      [account.name, '1000.01', 409, 'INSUFFICIENT_BALANCE'],
      ['no-such-account', '1.00', 404, 'WITHDRAWAL_ACCOUNT_NOT_FOUND'],
      [bobsAccount.name, '1.00', 404, 'WITHDRAWAL_ACCOUNT_NOT_FOUND'],
    ];
    for (const [name, amount, status, code, reason] of cases) {
      const res = await apply(server, { ...alice, 'accept-language': 'en' }, name, amount);
      expect([amount, res.status, res.body.code]).toEqual([amount, status, code]);
      if (reason) expect(res.body.details?.[0]).toMatchObject({ field: 'amount', reason });
      expect(/[a-z]/.test(res.body.message ?? '')).toBe(true);
      const zh = await apply(server, alice, name, amount);
      expect(/[\u4e00-\u9fff]/.test(zh.body.message ?? '')).toBe(true);
    }
    expect(await balance('alice')).toEqual(before);
    const listed = await call<{ items: unknown[] }>(server, 'GET', `${UC}/withdrawals`, undefined, alice);
    expect(listed.body.data.items).toEqual([]);
  });

  test('a merchant that is not ACTIVE cannot withdraw', async () => {
    const [account] = await accounts(bob);
    expect((await call(server, 'POST', `${CONSOLE}/merchants/bob/suspend`, { remark: 'check' })).status).toBe(200);
    const res = await apply(server, bob, account.name, '1.00');
    expect([res.status, res.body.code]).toEqual([403, 'WITHDRAWAL_MERCHANT_NOT_ACTIVE']);
    expect((await call(server, 'POST', `${CONSOLE}/merchants/bob/activate`, {})).status).toBe(200);
    expect((await apply(server, bob, account.name, '1.00')).status).toBe(200);
  });

  test('an application freezes its amount in the same transaction; the history is newest first and own only', async () => {
    const [account] = await accounts(alice);
    const before = await balance('alice');
    const first = await apply(server, alice, account.name, '10.50');
    expect(first.body.data).toMatchObject({
      status: 'PENDING_AUDIT',
      amount: '10.50',
      merchant: 'alice',
      accountDetails: { accountNumber: '4111111111111111' },
    });
    const second = await apply(server, alice, account.name, '1');
    expect(await balance('alice')).toMatchObject({ balance: before.balance, frozen: before.frozen + 1150 });
    expect(await deps().client.fetch(LedgerEntry, `withdrawal-freeze.${first.body.data.name}`)).toBeDefined();
    const mine = await call<{ items: WithdrawalView[] }>(server, 'GET', `${UC}/withdrawals`, undefined, alice);
    expect(mine.body.data.items.map((w) => w.name)).toEqual([second.body.data.name, first.body.data.name]);
    const bobs = await call<{ items: WithdrawalView[] }>(server, 'GET', `${UC}/withdrawals`, undefined, bob);
    expect(bobs.body.data.items.every((w) => w.merchant === 'bob')).toBe(true);
    const del = await call(server, 'DELETE', `${UC}/withdrawal-accounts/${account.name}`, undefined, alice);
    expect([del.status, del.body.code]).toEqual([409, 'WITHDRAWAL_ACCOUNT_IN_USE']);
  });

  test('50 concurrent applications over the withdrawable balance: exactly the affordable ones are accepted', async () => {
    const dave = await activeMerchant(server, 'dave');
    await fund(deps(), 'dave', 1_000, 'dave-setup');
    const account = await bankAccount(server, dave);
    const answers = await Promise.all(Array.from({ length: 50 }, () => apply(server, dave, account.name, '0.30')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(33);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409 && a.body.code === 'INSUFFICIENT_BALANCE')).toBe(true);
    const check = await checkBalance(deps(), 'dave', 'CNY');
    expect(check).toMatchObject({ matches: true, stored: { balance: 1_000, frozen: 990, withdrawable: 10 } });
    expect(await deps().client.count('WithdrawalRecord', eq('spec.merchant', 'dave'))).toBe(33);
  }, 60_000);
});

describe('console moves', () => {
  async function fresh(amount = '5.00'): Promise<WithdrawalView> {
    const [account] = await accounts(alice);
    const res = await apply(server, alice, account.name, amount);
    expect(res.status).toBe(200);
    return res.body.data;
  }

  test('approve → processing → complete debits the balance; each move is logged and repeating one changes nothing', async () => {
    const w = await fresh('5.00');
    const before = await balance('alice');
    const approved = await move(w.name, 'approve', { remark: 'ok' });
    expect(approved.body.data.status).toBe('APPROVED');
    const again = await move(w.name, 'approve', { remark: 'twice' });
    expect([again.status, again.body.data.status, again.body.data.transitions.length]).toEqual([200, 'APPROVED', 2]);
    expect((await move(w.name, 'reject')).body).toMatchObject({ code: 'WITHDRAWAL_STATE_CONFLICT' });
    expect((await move(w.name, 'reject')).body.message).toContain('APPROVED');
    expect((await move(w.name, 'mark-processing')).body.data.status).toBe('PROCESSING');
    const noSerial = await move(w.name, 'complete', {});
    expect([noSerial.status, noSerial.body.details?.[0]?.field]).toEqual([400, 'payoutSerial']);
    const done = await move(w.name, 'complete', { payoutSerial: 'BANK-0001' });
    expect(done.body.data).toMatchObject({ status: 'COMPLETED', payoutSerial: 'BANK-0001' });
    expect(done.body.data.transitions.map((t) => [t.from, t.to, t.actor])).toEqual([
      ['NONE', 'PENDING_AUDIT', 'alice'],
      ['PENDING_AUDIT', 'APPROVED', expect.any(String)],
      ['APPROVED', 'PROCESSING', expect.any(String)],
      ['PROCESSING', 'COMPLETED', expect.any(String)],
    ]);
    expect(await balance('alice')).toMatchObject({ balance: before.balance - 500, frozen: before.frozen - 500 });
    expect((await move(w.name, 'complete', { payoutSerial: 'BANK-0001' })).body.data.status).toBe('COMPLETED');
    expect((await move(w.name, 'fail', { reason: 'late' })).status).toBe(409);
    expect((await checkBalance(deps(), 'alice', 'CNY')).matches).toBe(true);
  });

  test('complete straight from APPROVED with a remark; reject and fail release the frozen amount', async () => {
    const [a, b, c] = [await fresh('1.00'), await fresh('2.00'), await fresh('3.00')];
    const before = await balance('alice');
    await move(a.name, 'approve');
    expect((await move(a.name, 'complete', { remark: 'paid by hand' })).body.data).toMatchObject({
      status: 'COMPLETED',
      payoutRemark: 'paid by hand',
    });
    expect((await move(b.name, 'reject', { remark: 'wrong account' })).body.data.status).toBe('REJECTED');
    await move(c.name, 'approve');
    const noReason = await move(c.name, 'fail', {});
    expect(noReason.status).toBe(400);
    expect((await move(c.name, 'fail', { reason: 'account closed' })).body.data).toMatchObject({
      status: 'FAILED',
      failureReason: 'account closed',
    });
    expect(await balance('alice')).toMatchObject({ balance: before.balance - 100, frozen: before.frozen - 600 });
    expect((await move(b.name, 'mark-processing')).status).toBe(409);
    expect((await move('wd-missing', 'approve')).status).toBe(404);
  });

  test('every move notifies the merchant in their language (the site default zh-CN here), never both, the status in words', async () => {
    const w = await fresh('1.00');
    await move(w.name, 'approve');
    const inbox = await eventually(async () => {
      const res = await call<{ items: Array<{ spec: { title: string; html: string } }> }>(
        server,
        'GET',
        '/apis/uc.api.host.authpay.dev/v1alpha1/notifications',
        undefined,
        alice,
      );
      const found = res.body.data.items.find((n) => n.spec.title.endsWith('：已通过'));
      return found;
    });
    expect(inbox.spec.title).not.toMatch(/Withdrawal|approved/i);
    // The word the apps use (enum.withdrawalStatus), never the code beside it.
    expect(inbox.spec.html).toContain('<b>已通过</b>');
    expect(inbox.spec.html).not.toContain('APPROVED');
  });

  test('the console list is newest first, filtered, with masked numbers; details show the whole number', async () => {
    const list = await call<{ items: WithdrawalView[]; total: number }>(
      server,
      'GET',
      `${CONSOLE}/withdrawals?merchant=alice&status=PENDING_AUDIT`,
    );
    expect(list.body.data.items.length).toBeGreaterThan(0);
    expect(list.body.data.items.every((w) => w.merchant === 'alice' && w.status === 'PENDING_AUDIT')).toBe(true);
    expect(list.body.data.items[0].accountDetails.accountNumber).toBe('****1111');
    const today = new Date().toISOString().slice(0, 10);
    const dated = await call<{ total: number }>(server, 'GET', `${CONSOLE}/withdrawals?from=${today}&to=${today}`);
    const none = await call<{ total: number }>(server, 'GET', `${CONSOLE}/withdrawals?to=2000-01-01`);
    expect([dated.body.data.total > 0, none.body.data.total]).toEqual([true, 0]);
    const details = await call<WithdrawalView>(server, 'GET', `${CONSOLE}/withdrawals/${list.body.data.items[0].name}`);
    expect(details.body.data.accountDetails.accountNumber).toBe('4111111111111111');
  });

  test('a batch moves the records whose state fits and says why it skipped the rest', async () => {
    const [a, b, c] = [await fresh('1.00'), await fresh('1.00'), await fresh('1.00')];
    await move(b.name, 'reject');
    await move(c.name, 'approve');
    const res = await call<{ moved: string[]; skipped: Array<{ name: string; code: string; status?: string }> }>(
      server,
      'POST',
      `${CONSOLE}/withdrawals/batch`,
      { action: 'approve', names: [a.name, b.name, c.name, 'wd-missing'], remark: 'batch' },
    );
    expect(res.body.data.moved).toEqual([a.name]);
    expect(res.body.data.skipped).toEqual([
      expect.objectContaining({ name: b.name, code: 'WITHDRAWAL_STATE_CONFLICT', status: 'REJECTED' }),
      expect.objectContaining({ name: c.name, code: 'ALREADY_DONE', status: 'APPROVED' }),
      expect.objectContaining({ name: 'wd-missing', code: 'NOT_FOUND' }),
    ]);
    const failNoReason = await call(server, 'POST', `${CONSOLE}/withdrawals/batch`, { action: 'fail', names: [a.name] });
    expect(failNoReason.status).toBe(400);
    const failed = await call<{ moved: string[] }>(server, 'POST', `${CONSOLE}/withdrawals/batch`, {
      action: 'fail',
      names: [a.name, c.name],
      remark: 'bank down',
    });
    expect(failed.body.data.moved).toEqual([a.name, c.name]);
    expect((await checkBalance(deps(), 'alice', 'CNY')).matches).toBe(true);
  });
});
