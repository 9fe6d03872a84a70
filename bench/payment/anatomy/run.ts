/**
 * bench:payment-anatomy — what one payment request does, counted: store transactions, reads, writes by
 * kind and locks, SQL statements, schema validations, JSON serialisations, hashes and signatures. Requests go
 * one at a time over HTTP to an in-process server (SQLite, or PostgreSQL with BENCH_DATABASE_URL, on a fresh
 * schema); each phase's counts are divided by its requests. Counts include everything the process did during
 * the phase (the watch feeds applying the events, the delivery worker), because a replica pays for that too;
 * the load generator's own JSON is left out (`uncounted`).
 * Counts, unlike timings, do not depend on what else the machine runs. Writes its section of docs/benchmarks.md.
 *
 * Environment: BENCH_N (requests per phase, default 200), BENCH_DATABASE_URL (PostgreSQL), BENCH_WRITE=0 to print only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { CallbackRequest } from '../../../src/payment/channels/core/types.js';
import type { SandboxChannel } from '../../../src/payment/channels/sandbox/index.js';
import { countStore, installProcessCounters, resetCounts, snapshotCounts, uncounted, type Counts } from './counters.js';

installProcessCounters();

const { startServer } = await import('../../../src/main.js');
const { paymentService } = await import('../../../src/payment/service.js');
const { toChannelOrder } = await import('../../../src/payment/orders/order-view.js');
const { PaymentInfo } = await import('../../../src/payment/orders/types.js');
const { describeMachine, machineInfo } = await import('../../lib/machine.js');
const { table } = await import('../../lib/markdown.js');
const { writeSection } = await import('../../lib/report-writer.js');

const N = Number(process.env.BENCH_N ?? 200);
const WARM_UP = 20;
const PG_URL = process.env.BENCH_DATABASE_URL;
const TOKEN = 'bench-anatomy-token-0123456789abcdef';
const CONSOLE = '/apis/console.api.payment.authpay.dev/v1alpha1';
const PUBLIC = '/apis/api.payment.authpay.dev/v1alpha1';

interface Phase {
  label: string;
  perRequest: Counts;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-bench-anatomy-'));
  const schema = `bench_anatomy_${process.pid}`;
  const env = {
    AUTHPAY_BOOTSTRAP_TOKEN: TOKEN,
    AUTHPAY_ADMIN_PASSWORD: 'bench-admin-1',
    ...(PG_URL ? { AUTHPAY_DATABASE_URL: `${PG_URL}?schema=${schema}` } : {}),
  };
  const { runtime, url } = await startServer({ port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent' }, env);
  countStore(runtime.store);
  const admin = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
  const send = async (method: string, p: string, headers: Record<string, string>, body?: string) => {
    const res = await fetch(`${url}${p}`, { method, headers, body });
    return { status: res.status, text: await res.text() };
  };
  const json = (method: string, p: string, body?: unknown) =>
    send(method, p, admin, body === undefined ? undefined : uncounted(() => JSON.stringify(body)));
  try {
    await json('PUT', `${CONSOLE}/settings`, { sandboxEnabled: true, allowLocalCallbackDomain: true, callbackDomain: url });
    const create = (orderId: string) =>
      json('POST', `${CONSOLE}/payments`, {
        orderId,
        subject: 'bench',
        paymentAmount: '1.00',
        paymentType: 'SANDBOX',
        paymentChannel: 'SIMULATED',
      });
    for (let i = 0; i < WARM_UP; i++) await create(`warm-up-${i}`);

    const ids: string[] = [];
    const phases: Phase[] = [];
    phases.push(
      await phase('createPayment (SANDBOX, console)', N, async (i) => {
        const answer = await create(`anatomy-${i}`);
        ids.push(uncounted(() => JSON.parse(answer.text) as { data: { paymentId: string } }).data.paymentId);
        return answer.status === 200;
      }),
    );
    const sandbox = (await paymentService.current!.deps.channels.instance('SANDBOX')) as SandboxChannel;
    const signed: CallbackRequest[] = [];
    for (const id of ids)
      signed.push(await sandbox.simulateOutcome(toChannelOrder((await runtime.client.get(PaymentInfo, id)).spec), 'success'));
    const callback = (i: number) =>
      send('POST', `${PUBLIC}/asyncCallback/SANDBOX`, signed[i].headers as Record<string, string>, String(signed[i].rawBody));
    phases.push(await phase('paid callback (SANDBOX: HMAC, transition)', N, async (i) => (await callback(i)).status === 200));
    phases.push(await phase('the same callback again (replay)', N, async (i) => (await callback(i)).status === 200));
    phases.push(
      await phase(
        'status read (payment page poll)',
        N,
        async (i) => (await send('GET', `${PUBLIC}/payments/${ids[i]}/status`, {})).status === 200,
      ),
    );

    const report = render(phases, runtime.store.backend);
    process.stdout.write(`${report}\n`);
    if (process.env.BENCH_WRITE !== '0') writeSection(`payment-anatomy-${runtime.store.backend}`, report);
  } finally {
    await runtime.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (PG_URL) {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  }
}

/** Runs op n times one after another and returns the counts per request. */
async function phase(label: string, n: number, op: (i: number) => Promise<boolean>): Promise<Phase> {
  await settle();
  resetCounts();
  let failures = 0;
  for (let i = 0; i < n; i++) if (!(await op(i))) failures++;
  await settle();
  if (failures) throw new Error(`${label}: ${failures} of ${n} requests failed`);
  const perRequest: Counts = {};
  for (const [name, value] of Object.entries(snapshotCounts())) perRequest[name] = value / n;
  return { label, perRequest };
}

/** Lets what the last request set off (watch events, the delivery worker) finish inside its phase. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

const ROWS: Array<[string, (c: Counts) => number]> = [
  ['store transactions', (c) => c['store.transaction'] ?? 0],
  ['store reads (get, list, count)', (c) => (c['store.get'] ?? 0) + (c['store.list'] ?? 0) + (c['store.count'] ?? 0)],
  ['store writes (insert, update, remove)', (c) => (c['store.insert'] ?? 0) + (c['store.update'] ?? 0) + (c['store.remove'] ?? 0)],
  ['per-key locks', (c) => c['store.lock'] ?? 0],
  ['SQL statements (whole process: feeds and workers too)', (c) => c['sql.statements'] ?? 0],
  ['schema validations (ajv)', (c) => c['ajv.validations'] ?? 0],
  ['JSON.stringify calls', (c) => c['json.stringify'] ?? 0],
  ['JSON.stringify KB', (c) => (c['json.stringify.bytes'] ?? 0) / 1024],
  ['JSON.parse calls', (c) => c['json.parse'] ?? 0],
  ['hashes (SHA)', (c) => c['crypto.hash'] ?? 0],
  ['HMACs', (c) => c['crypto.hmac'] ?? 0],
  ['signatures made / verified', (c) => (c['crypto.sign'] ?? 0) + (c['crypto.verify'] ?? 0)],
];

const figure = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1));

function writesByKind(c: Counts): string {
  return Object.entries(c)
    .filter(([name]) => /^store\.(insert|update|remove)\./.test(name))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name.slice('store.'.length)} ${figure(value)}`)
    .join(', ');
}

function byPrefix(c: Counts, prefix: string): string {
  return Object.entries(c)
    .filter(([name]) => name.startsWith(prefix))
    .sort(([, a], [, b]) => b - a)
    .map(([name, value]) => `\`${name.slice(prefix.length)}\` ${figure(value)}`)
    .join(', ');
}

function render(phases: Phase[], backend: string): string {
  const m = machineInfo();
  const rows = ROWS.map(([label, read]) => [label, ...phases.map((p) => figure(read(p.perRequest)))]);
  return [
    `## Payment: what one request does (${backend === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, \`npm run bench:payment-anatomy\`)`,
    '',
    `${describeMachine(m)}. ${N} requests per phase, one at a time over HTTP to an in-process server, after ${WARM_UP} `
      + 'warm-up orders. Figures are per request and count everything the process did during the phase (the watch feeds '
      + "applying the events, the delivery worker), not the load generator's JSON. Counts do not depend on the machine's load.",
    '',
    table(['per request', ...phases.map((p) => p.label)], rows),
    '',
    ...phases.map((p) => `- Writes by kind, ${p.label}: ${writesByKind(p.perRequest) || 'none'}.`),
    ...phases.map((p) => `- Validations by caller, ${p.label}: ${byPrefix(p.perRequest, 'ajv.by.') || 'none'}.`),
    ...phases.map((p) => `- JSON.stringify by caller, ${p.label}: ${byPrefix(p.perRequest, 'json.stringify.by.') || 'none'}.`),
  ].join('\n');
}

await main();
