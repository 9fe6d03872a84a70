/**
 * bench:merchant — settling 100,000 paid orders of one merchant (the manual trigger over HTTP: records built in
 * transactions of about 15 ms (CHUNK_BUDGET_MS), split at the store's object size) and confirming them (ledger credits), then
 * reading the merchant's balance under load (getMyBalance with a logged-in merchant session, N requests with C in
 * flight). In-process server on a fresh SQLite directory (BENCH_DATABASE_URL=postgres://… for PostgreSQL).
 * Writes its section of docs/benchmarks.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../src/main.js';
import { Merchant } from '../../src/payment/merchants/types.js';
import { formatMinor } from '../../src/payment/money/index.js';
import { CHUNK_BUDGET_MS } from '../../src/host/store/chunk-budget.js';
import { seedPaidOrders } from '../../test/payment/settlement/seed-orders.js';
import { describeMachine, machineInfo } from '../lib/machine.js';
import { ms, table, thousands } from '../lib/markdown.js';
import { writeSection } from '../lib/report-writer.js';
import { nowMs } from '../lib/timing.js';
import { runConcurrent } from '../payment/concurrent.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const READS = Number(process.env.BENCH_N ?? 5_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const TOKEN = 'bench-merchant-token-0123456789abcdef';
const CONSOLE = '/apis/console.api.payment.authpay.dev/v1alpha1';
const UC = '/apis/uc.api.payment.authpay.dev/v1alpha1';
const MERCHANT = 'benchshop';
const log = (text: string) => process.stderr.write(`bench:merchant: ${text}\n`);

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-bench-merchant-'));
  const env = {
    AUTHPAY_BOOTSTRAP_TOKEN: TOKEN,
    AUTHPAY_ADMIN_PASSWORD: 'bench-admin-1',
    ...(process.env.BENCH_DATABASE_URL ? { AUTHPAY_DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  };
  const { runtime, url } = await startServer({ port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent' }, env);
  const admin = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
  const call = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(`${url}${p}`, { method, headers: admin, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json()) as { data: unknown; message?: string };
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${json.message}`);
    return json.data;
  };
  try {
    await call('PUT', `${CONSOLE}/merchant-settings`, { enabled: true, defaultFeeRate: '0.60' });
    await call('POST', '/apis/console.api.host.authpay.dev/v1alpha1/users', {
      username: MERCHANT,
      email: 'bench@example.com',
      password: 'bench-shop-password-1',
    });
    await runtime.client.create(Merchant, {
      metadata: { name: MERCHANT },
      spec: {
        merchantName: 'Bench shop',
        contactPerson: 'Li Lei',
        contactPhone: '+86 138-0000-0000',
        contactEmail: 'bench@example.com',
        businessType: '软件',
        agreementAccepted: true,
        username: MERCHANT,
        status: 'ACTIVE',
      },
    });
    log(`seeding ${ORDERS} paid orders`);
    const seedStart = nowMs();
    const totalMinor = await seedPaidOrders(runtime.client, MERCHANT, ORDERS, 'bench');
    log(`seeded in ${Math.round(nowMs() - seedStart)} ms`);
    // Seeding kept this process busy past both keep-alive timeouts: let them close the idle sockets first, so the
    // trigger does not go out on a connection the server is closing (ECONNRESET).
    await new Promise((r) => setTimeout(r, 6_000));

    const settleStart = nowMs();
    const settled = (await call('POST', `${CONSOLE}/settlements/trigger`, { merchant: MERCHANT })) as {
      count: number;
      orders: number;
      records: Array<{ name: string; totalAmount: string }>;
    };
    const settleMs = nowMs() - settleStart;
    if (settled.orders !== ORDERS) throw new Error(`settled ${settled.orders} of ${ORDERS} orders`);
    log(`settled ${settled.orders} orders into ${settled.count} records in ${Math.round(settleMs)} ms`);
    const confirmStart = nowMs();
    for (const r of settled.records) await call('POST', `${CONSOLE}/settlements/${r.name}/confirm`, {});
    const confirmMs = nowMs() - confirmStart;

    const headers = await logIn(url);
    const reads = await runConcurrent(
      READS,
      CONCURRENCY,
      () => fetch(`${url}${UC}/merchant/balance`, { headers }).then(async (r) => ({ status: r.status, body: await r.text() })),
      (r) => r.status === 200,
    );
    const ledger = await runConcurrent(
      Math.ceil(READS / 5),
      CONCURRENCY,
      () => fetch(`${url}${CONSOLE}/merchants/${MERCHANT}/ledger?size=20`, { headers: admin }).then((r) => ({ status: r.status })),
      (r) => r.status === 200,
    );
    const backend = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
    const body = [
      `## Merchant: settlement and balance reads (${backend})`,
      '',
      `Machine: ${describeMachine(machineInfo())}. The machine is shared with other engineers' test runs, so the figures are`
        + ' lower bounds of what it can do when quiet. '
        + `Command: \`BENCH_ORDERS=${ORDERS} BENCH_N=${READS} BENCH_CONCURRENCY=${CONCURRENCY} npm run bench:merchant\`. `
        + `In-process server on a fresh ${backend} store; ${thousands(ORDERS)} paid orders of one merchant `
        + `(${formatMinor(totalMinor, 'CNY')} CNY) seeded straight into the store, then settled by one triggerSettlement call over HTTP.`,
      '',
      table(
        ['step', 'orders / records', 'time ms', 'orders per second'],
        [
          [
            'triggerSettlement (one merchant)',
            `${thousands(settled.orders)} / ${settled.count}`,
            ms(settleMs),
            thousands(ORDERS / (settleMs / 1000)),
          ],
          ['confirmSettlement of every record (ledger credit each)', `${thousands(settled.orders)} / ${settled.count}`, ms(confirmMs), '-'],
        ],
      ),
      '',
      table(
        ['read under load', 'requests', 'failures', 'per second', 'median ms', 'p90 ms', 'p99 ms', 'max ms'],
        [
          ['getMyBalance (merchant session; running totals, one read)', reads] as const,
          ['getMerchantLedger (page of 20 entries + check over all entries)', ledger] as const,
        ].map(([name, r]) => [
          name,
          thousands(r.ops),
          r.failures,
          thousands(r.perSecond),
          ms(r.latency.median),
          ms(r.latency.p90),
          ms(r.latency.p99),
          ms(r.latency.max),
        ]),
      ),
      '',
      `Records: the store keeps objects up to 1 MiB, so one record holds about 21,000 of today's 29-character payment numbers`
        + ` (a 700,000-byte budget for paymentIds); ${thousands(ORDERS)} orders became ${settled.count} records, each built with`
        + ` its orders in transactions of about ${CHUNK_BUDGET_MS} ms (docs/settlement.md "Once and only once").`,
    ].join('\n');
    writeSection(`merchant-${backend.toLowerCase()}`, body);
    process.stdout.write(`${body}\n`);
  } finally {
    await runtime.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Logs the merchant user in: cookie and CSRF headers for the user-center reads. */
async function logIn(url: string): Promise<Record<string, string>> {
  const login = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: MERCHANT, password: 'bench-shop-password-1' }),
  });
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
  return { cookie: cookies.join('; ') };
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${(err as Error).stack ?? String(err)}\n${String((err as { cause?: unknown }).cause ?? '')}\n`);
    process.exit(1);
  },
);
