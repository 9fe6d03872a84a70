import { eq } from '../../../src/host/sdk/index.js';
import { checkBalance } from '../../../src/payment/ledger/read-balance.js';
import { LedgerEntry } from '../../../src/payment/ledger/types.js';
import { PaymentInfo } from '../../../src/payment/orders/types.js';
import { dayIn } from '../../../src/payment/orders/daily-stats.js';
import { autoSettlementJob } from '../../../src/payment/settlement/settlement-job.js';
import { SettlementRecord } from '../../../src/payment/settlement/types.js';
import { CSV_COLUMNS, csvField } from '../../../src/payment/settlement/report-operations.js';
import type { Resource } from '../../../src/host/resource/types.js';
import {
  api,
  BOOTSTRAP_TOKEN,
  configure,
  CONSOLE,
  eventually,
  startPaymentServer,
  UC,
  type PaymentServer,
} from '../support/payment-server.js';
import { merchant, move, mySettings, paidOrder, trigger, userHeaders, type SettlementView } from './settlement-world.js';

let server: PaymentServer;
const users: Record<string, Record<string, string>> = {};
const client = () => server.runtime.client;
const orderOf = (paymentId: string) => client().get(PaymentInfo, paymentId);
const recordsOf = async (m: string) => (await client().list(SettlementRecord, { where: eq('spec.merchant', m) })).items;

beforeAll(async () => {
  server = await startPaymentServer();
  await configure(server, { sandboxEnabled: true });
  await mySettings(server, { enabled: true, defaultFeeRate: '0.60' });
  for (const name of ['alice', 'bob', 'carol']) users[name] = await userHeaders(server, name);
  await merchant(server, 'alice', 50); // 0.50 %: her own rate wins over the default 0.60 %
  await merchant(server, 'bob');
}, 60_000);
afterAll(() => server?.stop());

describe('settlement math', () => {
  test('fee = round-half-up(total × rate): half a fen rounds up, own rate wins; partly refunded orders count what is left', async () => {
    // alice at 50 bp: 100 fen → 0.5 fen → 1 fen; + 1000 fen with 400 refunded → 600 left: total 700 → 3.5 → 4 fen.
    const a1 = await paidOrder(server, 'alice', 100);
    const a2 = await paidOrder(server, 'alice', 1000, { status: 'PARTIALLY_REFUNDED', refundedAmount: 400 });
    // Not eligible: a pending refund, fully refunded, unpaid, failed, a system order.
    const pendingRefund = await paidOrder(server, 'alice', 500, { refundPendingAmount: 100 });
    const refunded = await paidOrder(server, 'alice', 500, { status: 'REFUNDED', refundedAmount: 500 });
    const unpaid = await paidOrder(server, 'alice', 500, { status: 'PAYING', paidAt: undefined });
    const system = await paidOrder(server, 'system', 500);
    const res = await trigger(server, { merchant: 'alice' });
    expect(res.status).toBe(200);
    expect(res.body.data.records).toHaveLength(1);
    const [rec] = res.body.data.records;
    expect(rec).toMatchObject({
      merchant: 'alice',
      orderCount: 2,
      totalAmount: '7.00',
      feeAmount: '0.04',
      settlementAmount: '6.96',
      feeRate: '0.50',
      status: 'PENDING',
    });
    for (const id of [a1, a2]) expect((await orderOf(id)).spec.settlementName).toBe(rec.name);
    for (const id of [pendingRefund, refunded, unpaid, system]) expect((await orderOf(id)).spec.settlementName).toBeUndefined();
    // bob has no own rate: the default 0.60 % of 250 fen is 1.5 fen → 2 fen; of 249 fen 1.494 → 1 fen (separately).
    await paidOrder(server, 'bob', 250);
    const b = await trigger(server, { merchant: 'bob' });
    expect(b.body.data.records[0]).toMatchObject({ totalAmount: '2.50', feeAmount: '0.02', settlementAmount: '2.48', feeRate: '0.60' });
    const b2id = await paidOrder(server, 'bob', 249);
    const b2 = await trigger(server, { paymentIds: [b2id] });
    expect(b2.body.data.records[0]).toMatchObject({ totalAmount: '2.49', feeAmount: '0.01', settlementAmount: '2.48' });
    // The trigger of nothing eligible makes nothing.
    expect((await trigger(server, { merchant: 'alice' })).body.data).toMatchObject({ count: 0, orders: 0 });
    // getSettlement pages the orders.
    const page = await api<{ orders: { total: number; items: Array<{ paymentId: string }> } }>(
      server,
      'GET',
      `${CONSOLE}/settlements/${rec.name}?size=1&page=2`,
    );
    expect(page.body.data.orders).toMatchObject({ total: 2 });
    expect(page.body.data.orders.items).toHaveLength(1);
  });

  test('one record per currency', async () => {
    await merchant(server, 'multi');
    await paidOrder(server, 'multi', 1000);
    await paidOrder(server, 'multi', 2000, { currency: 'USD' });
    const res = await trigger(server, { merchant: 'multi' });
    expect(res.body.data.records.map((r) => `${r.currency}:${r.totalAmount}`).sort()).toEqual(['CNY:10.00', 'USD:20.00']);
  });
});

describe('moves', () => {
  test('confirm credits the ledger once; repeating answers the record; other moves from SUCCESS are 409 naming the state', async () => {
    await merchant(server, 'conf');
    await paidOrder(server, 'conf', 10_000);
    const [rec] = (await trigger(server, { merchant: 'conf' })).body.data.records;
    const first = await move(server, rec.name, 'confirm', { remark: 'ok' });
    expect(first.body.data).toMatchObject({ status: 'SUCCESS', confirmedBy: expect.any(String), remark: 'ok' });
    const again = await move(server, rec.name, 'confirm');
    expect(again.status).toBe(200);
    const rejected = await move(server, rec.name, 'reject', { remark: 'late' });
    expect([rejected.status, rejected.body.code]).toEqual([409, 'SETTLEMENT_STATE_CONFLICT']);
    expect(rejected.body.message).toContain('SUCCESS');
    const check = await checkBalance(server.payment.deps, 'conf', 'CNY');
    expect(check).toMatchObject({ matches: true, entryCount: 1, stored: { balance: 9_940 } });
    const entry = await client().get(LedgerEntry, `settlement-credit.${rec.name}`);
    expect(entry.spec).toMatchObject({ type: 'SETTLEMENT_CREDIT', amount: 9_940 });
  });

  test('reject releases the orders, which settle again; a FAILED record cannot be confirmed', async () => {
    await merchant(server, 'rej');
    const id = await paidOrder(server, 'rej', 500);
    const [rec] = (await trigger(server, { merchant: 'rej' })).body.data.records;
    expect((await move(server, rec.name, 'reject', {})).status).toBe(400); // a remark is required
    expect((await move(server, rec.name, 'reject', { remark: 'wrong amounts' })).body.data).toMatchObject({
      status: 'FAILED',
      remark: 'wrong amounts',
    });
    expect((await orderOf(id)).spec.settlementName).toBeUndefined();
    const conf = await move(server, rec.name, 'confirm');
    expect([conf.status, conf.body.code]).toEqual([409, 'SETTLEMENT_STATE_CONFLICT']);
    const [again] = (await trigger(server, { merchant: 'rej' })).body.data.records;
    expect(again.orderCount).toBe(1);
    expect((await orderOf(id)).spec.settlementName).toBe(again.name);
  });

  test('delete: PENDING releases its orders, FAILED just goes, SUCCESS only with a reason and a reversing adjustment', async () => {
    await merchant(server, 'del');
    const id = await paidOrder(server, 'del', 1_000);
    const del = (name: string, query = '') =>
      api<{ releasedOrders: number; reversal?: string }>(server, 'DELETE', `${CONSOLE}/settlements/${name}${query}`);
    const [pending] = (await trigger(server, { merchant: 'del' })).body.data.records;
    expect((await del(pending.name)).body.data).toMatchObject({ releasedOrders: 1 });
    expect((await orderOf(id)).spec.settlementName).toBeUndefined();
    expect((await del(pending.name)).status).toBe(404);
    const [failed] = (await trigger(server, { merchant: 'del' })).body.data.records;
    await move(server, failed.name, 'reject', { remark: 'no' });
    expect((await del(failed.name)).status).toBe(200);
    const [done] = (await trigger(server, { merchant: 'del' })).body.data.records;
    await move(server, done.name, 'confirm');
    const refused = await del(done.name);
    expect([refused.status, refused.body.code]).toEqual([409, 'SETTLEMENT_CREDITED']);
    const removed = await del(done.name, '?reason=' + encodeURIComponent('双重结算 duplicate'));
    expect(removed.body.data.reversal).toBe(`adjustment.settlement-reversal.${done.name}`);
    expect(await checkBalance(server.payment.deps, 'del', 'CNY')).toMatchObject({ matches: true, entryCount: 2, stored: { balance: 0 } });
    // Its orders stay marked: the reversed money is never settled again.
    expect((await orderOf(id)).spec.settlementName).toBe(done.name);
    expect((await trigger(server, { merchant: 'del' })).body.data.count).toBe(0);
  });

  test('a confirmed settlement cannot be deleted when the reversal would take the balance below zero', async () => {
    await merchant(server, 'spent');
    await paidOrder(server, 'spent', 1_000);
    const [rec] = (await trigger(server, { merchant: 'spent' })).body.data.records;
    await move(server, rec.name, 'confirm');
    const adj = await api(server, 'POST', `${CONSOLE}/merchants/spent/ledger/adjustments`, { amount: '-5.00', reason: 'chargeback' });
    expect(adj.status).toBe(200);
    const res = await api(server, 'DELETE', `${CONSOLE}/settlements/${rec.name}?reason=dup`);
    expect([res.status, res.body.code]).toEqual([409, 'INSUFFICIENT_BALANCE']);
    expect(await client().fetch(SettlementRecord, rec.name)).toBeDefined();
  });
});

describe('bad input and refused triggers change nothing', () => {
  test('payment numbers of another merchant, unknown, or already settled: 409 listing them', async () => {
    await merchant(server, 'own');
    const mine = await paidOrder(server, 'own', 300);
    const theirs = await paidOrder(server, 'bob', 300);
    const res = await trigger(server, { merchant: 'own', paymentIds: [mine, theirs, 'pnosuchorder'] });
    expect([res.status, res.body.code]).toEqual([409, 'ORDERS_NOT_SETTLEABLE']);
    expect(JSON.stringify(res.body)).toContain('OTHER_MERCHANT');
    expect(JSON.stringify(res.body)).toContain('NOT_FOUND');
    expect((await orderOf(mine)).spec.settlementName).toBeUndefined();
    expect(await recordsOf('own')).toHaveLength(0);
    expect((await trigger(server, { merchant: 'nobody' })).status).toBe(404);
    expect((await trigger(server, { paymentIds: 'x' })).status).toBe(400);
    expect((await trigger(server, { extra: 1 })).status).toBe(400);
    expect((await api(server, 'GET', `${CONSOLE}/settlements?status=DONE`)).status).toBe(400);
    expect((await api(server, 'GET', `${CONSOLE}/settlements/nope`)).status).toBe(404);
  });

  test('adjustments: reason required, at most the currency digits, never below zero', async () => {
    await merchant(server, 'adj');
    const adjust = (body: Record<string, unknown>) => api(server, 'POST', `${CONSOLE}/merchants/adj/ledger/adjustments`, body);
    expect((await adjust({ amount: '1.00' })).status).toBe(400);
    expect((await adjust({ amount: '1.001', reason: 'x' })).status).toBe(400);
    expect((await adjust({ amount: 'abc', reason: 'x' })).status).toBe(400);
    expect((await adjust({ amount: '0', reason: 'x' })).status).toBe(400);
    const low = await adjust({ amount: '-0.01', reason: 'x' });
    expect([low.status, low.body.code]).toEqual([409, 'INSUFFICIENT_BALANCE']);
    expect((await adjust({ amount: '+3.50', reason: 'goodwill', ticket: 't-1' })).status).toBe(200);
    expect((await adjust({ amount: '3.50', reason: 'goodwill', ticket: 't-1' })).body.data).toMatchObject({ posted: false });
    const ledger = await api<{ balances: unknown[]; entries: { total: number }; check: { matches: boolean } }>(
      server,
      'GET',
      `${CONSOLE}/merchants/adj/ledger`,
    );
    expect(ledger.body.data).toMatchObject({
      balances: [{ balance: '3.50', frozen: '0.00', withdrawable: '3.50', currency: 'CNY' }],
      entries: { total: 1 },
      check: { matches: true },
    });
    expect((await api(server, 'GET', `${CONSOLE}/merchants/nobody/ledger`)).status).toBe(404);
  });
});

describe('isolation', () => {
  test('a merchant sees only its own balance and settlements; others get 404, the console is closed to them', async () => {
    const aliceRecords = await recordsOf('alice');
    await move(server, aliceRecords[0].metadata.name, 'confirm');
    // The merchant user is told in their language, the site default zh-CN here (inbox; the e-mail goes through the
    // same outbox message): one language, never both in one title.
    const told = await eventually(async () => {
      const inbox = await client().list<Resource & { spec: { title: string; html: string } }>('Notification', {
        where: eq('spec.recipient', 'alice'),
      });
      return inbox.items.find((n) => n.spec.title.includes('结算已确认'));
    }, 90_000);
    expect(`${told.spec.title} ${told.spec.html}`).not.toMatch(/Settlement|confirmed/);
    expect(told.spec.html).toContain('¥6.96');
    const mine = await api<{ balance: string; withdrawable: string; currency: string }>(
      server,
      'GET',
      `${UC}/merchant/balance`,
      undefined,
      users.alice,
    );
    expect(mine.body.data).toEqual({ balance: '6.96', frozen: '0.00', withdrawable: '6.96', currency: 'CNY' });
    const usd = await api(server, 'GET', `${UC}/merchant/balance?currency=USD`, undefined, users.alice);
    expect(usd.body.data).toMatchObject({ balance: '0.00', currency: 'USD' });
    expect((await api(server, 'GET', `${UC}/merchant/balance?currency=cny`, undefined, users.alice)).status).toBe(400);
    const list = await api<{ items: SettlementView[] }>(server, 'GET', `${UC}/merchant/settlements`, undefined, users.alice);
    expect(list.body.data.items.length).toBeGreaterThan(0);
    expect(list.body.data.items.every((s) => s.merchant === 'alice')).toBe(true);
    const bobs = await api<{ items: SettlementView[] }>(server, 'GET', `${UC}/merchant/settlements?merchant=alice`, undefined, users.bob);
    expect(bobs.status).toBe(400);
    expect((await api(server, 'GET', `${UC}/merchant/balance`, undefined, users.carol)).status).toBe(404);
    expect((await api(server, 'GET', `${CONSOLE}/settlements`, undefined, users.alice)).status).toBe(403);
    expect((await api(server, 'POST', `${CONSOLE}/settlements/trigger`, {}, users.alice)).status).toBe(403);
  }, 120_000);
});

describe('concurrency and the job', () => {
  test('two concurrent triggers settle each order once', async () => {
    await merchant(server, 'race');
    const ids = await Promise.all(Array.from({ length: 300 }, (_, i) => paidOrder(server, 'race', 100 + i)));
    const answers = await Promise.all([trigger(server, { merchant: 'race' }), trigger(server, {})]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const records = await recordsOf('race');
    expect(records.reduce((n, r) => n + r.spec.orderCount, 0)).toBe(300);
    const all = records.flatMap((r) => r.spec.paymentIds);
    expect(new Set(all).size).toBe(300);
    expect(all.sort()).toEqual([...ids].sort());
  }, 120_000);

  test('the automatic job settles on its slot; running the slot again settles nothing twice', async () => {
    await merchant(server, 'auto');
    await paidOrder(server, 'auto', 700);
    const job = autoSettlementJob(server.payment.merchants.deps);
    expect(await job.enabled!()).toBe(false);
    await mySettings(server, { autoSettlement: true, settlementCron: '0 0 3 * * *' });
    expect(await job.enabled!()).toBe(true);
    expect(await (job.cron as () => Promise<string>)()).toBe('0 0 3 * * *');
    const ctx = {
      signal: new AbortController().signal,
      runId: 'payment-auto-settlement-20261126t030000z',
      scheduledAt: new Date(),
      catchUp: false,
      reportCounts: () => undefined,
    };
    await job.handler(ctx);
    await job.handler(ctx);
    const records = await recordsOf('auto');
    expect(records).toHaveLength(1);
    expect(records[0].spec).toMatchObject({ trigger: 'AUTO', orderCount: 1, createdBy: ctx.runId });
    await mySettings(server, { autoSettlement: false });
  });
});

describe('reconciliation report', () => {
  test('per merchant: paid, settled, unsettled, fees, credits, ledger against its recomputation; CSV with a BOM', async () => {
    // The report's days are the reporting time zone's (Asia/Shanghai by default), as the overview counts them.
    const today = dayIn(new Date(), 'Asia/Shanghai');
    await paidOrder(server, 'alice', 123); // paid, not settled
    const res = await api<{ rows: Array<Record<string, unknown>>; allMatch: boolean }>(
      server,
      'GET',
      `${CONSOLE}/reports/reconciliation?from=${today}&to=${today}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.allMatch).toBe(true);
    const alice = res.body.data.rows.find((r) => r.merchant === 'alice' && r.currency === 'CNY');
    expect(alice).toMatchObject({
      settledCount: 2,
      settledAmount: '7.00',
      unsettledCount: 2, // the 1.23 order and the one whose refund is pending
      fees: '0.04',
      credits: '6.96',
      withdrawals: '0.00',
      ledgerBalance: '6.96',
      recomputedBalance: '6.96',
      matches: true,
    });
    const csv = await fetch(`${server.url}${CONSOLE}/reports/reconciliation.csv?from=${today}&to=${today}`, {
      headers: { authorization: `Bearer ${BOOTSTRAP_TOKEN}` },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split('\r\n')[0]).toBe(CSV_COLUMNS.join(','));
    expect(text).toContain('alice,CNY,');
    expect((await api(server, 'GET', `${CONSOLE}/reports/reconciliation?from=${today}&to=2000-01-01`)).status).toBe(400);
    expect((await api(server, 'GET', `${CONSOLE}/reports/reconciliation?from=yesterday&to=${today}`)).status).toBe(400);
  });

  test('CSV fields are quoted and defused for spreadsheets', () => {
    expect(csvField('商户,"甲"')).toBe('"商户,""甲"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField('a\nb')).toBe('"a\nb"');
  });
});
