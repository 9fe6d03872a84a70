/**
 * bench:settlement — how long a concurrent write waits while a big settlement runs. 100,000 paid orders of one
 * merchant are seeded straight into the store (1,000 per transaction), then one triggerSettlement call settles
 * them (in process, as the job does) while a writer calls createPayment (SANDBOX, over HTTP, one request in flight) in a loop; the
 * report gives that writer's p50/p99/max latency before and during the run, and the settle time.
 *
 *   BENCH_BACKENDS   comma list of sqlite,postgres (default both)
 *   BENCH_ORDERS     orders to settle (default 100,000)
 *   BENCH_DATABASE_URL  PostgreSQL (default postgres://postgres@127.0.0.1:5432/test); a fresh schema, dropped after
 *
 * Writes its section of docs/benchmarks.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer } from '../../src/main.js';
import { Merchant } from '../../src/payment/merchants/types.js';
import { paymentService } from '../../src/payment/service.js';
import { triggerSettlement } from '../../src/payment/settlement/trigger-settlement.js';
import { CHUNK_BUDGET_MS } from '../../src/host/store/chunk-budget.js';
import { seedPaidOrders } from '../../test/payment/settlement/seed-orders.js';
import { describeMachine, machineInfo } from '../lib/machine.js';
import { ms, table, thousands } from '../lib/markdown.js';
import { writeSection } from '../lib/report-writer.js';
import { nowMs, summarize, type LatencySummary } from '../lib/timing.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'sqlite,postgres').split(',').map((s) => s.trim());
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BASELINE_CALLS = 300;
const TOKEN = 'bench-settlement-token-0123456789abcdef';
const CONSOLE = '/apis/console.api.payment.authpay.dev/v1alpha1';
const MERCHANT = 'stallshop';
const log = (text: string) => process.stderr.write(`bench:settlement: ${text}\n`);

interface Outcome {
  backend: string;
  settleMs: number;
  records: number;
  baseline: LatencySummary;
  during: LatencySummary;
}

async function main(): Promise<void> {
  const outcomes: Outcome[] = [];
  for (const backend of BACKENDS) outcomes.push(await runOn(backend));
  process.stderr.write(`${report(outcomes)}\n`);
  writeSection('settlement-stall', report(outcomes));
  for (const o of outcomes)
    log(
      `${o.backend}: settle ${Math.round(o.settleMs)} ms; during p50 ${ms(o.during.median)} p99 ${ms(o.during.p99)}`
        + ` max ${ms(o.during.max)}`,
    );
}

async function runOn(backend: string): Promise<Outcome> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-bench-settlement-'));
  const schema = `bench_settlement_${process.pid}`;
  const env: Record<string, string> = { AUTHPAY_BOOTSTRAP_TOKEN: TOKEN, AUTHPAY_ADMIN_PASSWORD: 'bench-admin-1' };
  if (backend === 'postgres') env.AUTHPAY_DATABASE_URL = `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}schema=${schema}`;
  const { runtime, url } = await startServer({ port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent' }, env);
  const call = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(`${url}${p}`, {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { data: unknown; message?: string };
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${json.message}`);
    return json.data;
  };
  try {
    await call('PUT', `${CONSOLE}/settings`, { sandboxEnabled: true, allowLocalCallbackDomain: true, callbackDomain: url });
    await call('PUT', `${CONSOLE}/merchant-settings`, { enabled: true, defaultFeeRate: '0.60' });
    await runtime.client.create(Merchant, {
      metadata: { name: MERCHANT },
      spec: {
        merchantName: 'Stall shop',
        contactPerson: 'Li Lei',
        contactPhone: '+86 138-0000-0000',
        contactEmail: 'stall@example.com',
        businessType: '软件',
        agreementAccepted: true,
        username: MERCHANT,
        status: 'ACTIVE',
      },
    });
    log(`${backend}: seeding ${ORDERS} paid orders`);
    await seedPaidOrders(runtime.client, MERCHANT, ORDERS, 'stall');
    // Seeding kept the process busy past the keep-alive timeouts: let idle sockets close first (no ECONNRESET).
    await new Promise((r) => setTimeout(r, 6_000));
    let n = 0;
    const createPayment = async () => {
      const start = nowMs();
      await call('POST', `${CONSOLE}/payments`, {
        orderId: `stall-${n++}`,
        subject: 'bench',
        paymentAmount: '1.00',
        paymentType: 'SANDBOX',
        paymentChannel: 'SIMULATED',
      });
      return nowMs() - start;
    };
    const baseline: number[] = [];
    for (let i = 0; i < BASELINE_CALLS; i++) baseline.push(await createPayment());
    log(`${backend}: settling`);
    let running = true;
    const settleStart = nowMs();
    // In process, as the automatic job runs it (an HTTP trigger this long would pass the client's header time-out).
    const { deps } = paymentService.current!.merchants;
    const origin = { trigger: 'MANUAL' as const, createdBy: 'bench' };
    const settled = triggerSettlement(deps, { merchant: MERCHANT }, origin).finally(() => (running = false));
    const during: number[] = [];
    while (running) during.push(await createPayment());
    const records = await settled;
    const settleMs = nowMs() - settleStart;
    const orders = records.reduce((n, r) => n + r.spec.orderCount, 0);
    if (orders !== ORDERS) throw new Error(`settled ${orders} of ${ORDERS} orders`);
    const outcome = { backend, settleMs, records: records.length, baseline: summarize(baseline), during: summarize(during) };
    process.stderr.write(`${report([outcome])}\n`);
    return outcome;
  } finally {
    await runtime.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (backend === 'postgres') await dropSchema(schema);
  }
}

async function dropSchema(schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await c.end();
}

function report(outcomes: Outcome[]): string {
  const name = (b: string) => (b === 'postgres' ? 'PostgreSQL' : 'SQLite');
  const row = (o: Outcome, when: string, l: LatencySummary) => [name(o.backend), when, thousands(l.n), ms(l.median), ms(l.p99), ms(l.max)];
  return [
    '## Settlement: concurrent writes during a 100,000-order run',
    '',
    `Machine: ${describeMachine(machineInfo())}. The machine is shared with other engineers' test runs. `
      + `Command: \`BENCH_ORDERS=${ORDERS} BENCH_BACKENDS=${BACKENDS.join(',')} npm run bench:settlement\`. In-process server on a fresh`
      + ` store; ${thousands(ORDERS)} paid orders of one merchant seeded straight into the store, then one triggerSettlement`
      + ' run in process (as the automatic job runs) while one client calls createPayment (SANDBOX, over HTTP, one request in'
      + ' flight) in a loop.'
      + ' Goal: the concurrent write p99 ≤ 100 ms and max ≤ 250 ms.',
    '',
    table(
      ['backend', 'settle ms', 'records', 'orders per second'],
      outcomes.map((o) => [name(o.backend), ms(o.settleMs), o.records, thousands(ORDERS / (o.settleMs / 1000))]),
    ),
    '',
    table(
      ['backend', 'createPayment', 'calls', 'p50 ms', 'p99 ms', 'max ms'],
      outcomes.flatMap((o) => [row(o, 'before the run', o.baseline), row(o, 'during the run', o.during)]),
    ),
    '',
    `The run builds its records a chunk of about ${CHUNK_BUDGET_MS} ms of transaction time at a time (runInChunks,`
      + ' docs/store.md "Long jobs"; docs/settlement.md "Once and only once"); each transaction of a concurrent request'
      + ' can wait for one chunk.',
  ].join('\n');
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
