/**
 * bench:scale — does a second replica add throughput? SANDBOX createPayment and paid SANDBOX callbacks
 * (sandboxPay: the simulated gateway's signed callback through the real callback path), driven over HTTP
 * against real `authpay serve` processes: SQLite with one replica, then PostgreSQL with one and with two
 * replicas on one fresh schema, requests spread round-robin. Per scenario it reports requests/s, latency,
 * the CPU each server process and the schema's PostgreSQL backends spent per request and what share of a
 * core each used (cpu-meter.ts, from /proc), with the whole machine's busy time, because on a small (and
 * shared) machine the cores, not the design, can be the ceiling. Writes its section of docs/benchmarks.md.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { startServerProcess, type ServerProcess } from '../../test/support/server-process.js';
import { describeMachine, machineInfo } from '../lib/machine.js';
import { ms, table } from '../lib/markdown.js';
import { writeSection } from '../lib/report-writer.js';
import { runConcurrent, type ThroughputResult } from '../payment/concurrent.js';
import { CpuMeter, type CpuUse } from './cpu-meter.js';

const N = Number(process.env.BENCH_N ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TOKEN = 'bench-scale-token-0123456789abcdef0';
const CONSOLE = '/apis/console.api.payment.authpay.dev/v1alpha1';
const PUBLIC = '/apis/api.payment.authpay.dev/v1alpha1';

interface Scenario {
  label: string;
  backend: 'sqlite' | 'postgres';
  replicas: number;
}

interface Measured {
  scenario: Scenario;
  create: ThroughputResult;
  pay: ThroughputResult;
  /** Where the CPU went while both phases ran. */
  cpu: CpuUse;
}

interface Answer {
  status: number;
  body?: { data?: { paymentId?: string; callback?: { status: number } } };
}

async function call(server: ServerProcess, method: string, path: string, body?: unknown, auth = true): Promise<Answer> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bearer ${TOKEN}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => undefined)) as Answer['body'] };
}

async function startReplicas(scenario: Scenario, schema: string): Promise<ServerProcess[]> {
  const env: Record<string, string> = {
    AUTHPAY_BOOTSTRAP_TOKEN: TOKEN,
    AUTHPAY_ADMIN_PASSWORD: 'bench-admin-1',
    AUTHPAY_LOG_LEVEL: 'error',
    ...(scenario.backend === 'postgres' ? { AUTHPAY_DATABASE_URL: `${PG_URL}?schema=${schema}` } : {}),
  };
  const servers: ServerProcess[] = [];
  // One after another: the first creates the schema; starting both at once would only measure DDL waits.
  for (let i = 0; i < scenario.replicas; i++) servers.push(await startServerProcess(env));
  const settings = await call(servers[0], 'PUT', `${CONSOLE}/settings`, {
    sandboxEnabled: true,
    allowLocalCallbackDomain: true,
    callbackDomain: servers[0].url,
  });
  if (settings.status !== 200) throw new Error(`settings: ${settings.status} ${JSON.stringify(settings.body)}`);
  // Every replica must see SANDBOX enabled (settings arrive by watch) before the clock starts.
  for (const server of servers) {
    for (let tries = 0; ; tries++) {
      const probe = await call(server, 'POST', `${CONSOLE}/payments`, {
        orderId: `warm-${crypto.randomUUID()}`,
        subject: 'warm-up',
        paymentAmount: '1.00',
        paymentType: 'SANDBOX',
        paymentChannel: 'SIMULATED',
      });
      if (probe.status === 200) break;
      if (tries > 100) throw new Error(`replica never accepted SANDBOX: ${JSON.stringify(probe.body)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return servers;
}

async function measure(scenario: Scenario): Promise<Measured> {
  const schema = `bench_scale_${process.pid}_${scenario.replicas}`;
  const servers = await startReplicas(scenario, schema);
  try {
    const pick = (i: number) => servers[i % servers.length];
    const applications = [`authpay/${schema}`, `authpay-listener/${schema}`];
    const meter = await CpuMeter.start(
      servers.map((s) => s.pid),
      scenario.backend === 'postgres' ? { url: PG_URL, applications } : undefined,
    );
    const ids: string[] = new Array(N);
    const create = await runConcurrent(
      N,
      CONCURRENCY,
      async (i) => {
        const r = await call(pick(i), 'POST', `${CONSOLE}/payments`, {
          orderId: `scale-${i}`,
          subject: 'bench',
          paymentAmount: '1.00',
          paymentType: 'SANDBOX',
          paymentChannel: 'SIMULATED',
        });
        ids[i] = r.body?.data?.paymentId ?? '';
        return r;
      },
      (r) => r.status === 200,
    );
    const pay = await runConcurrent(
      N,
      CONCURRENCY,
      (i) => call(pick(i + 1), 'POST', `${PUBLIC}/payments/${ids[i]}/sandboxPay`, { outcome: 'success' }, false),
      (r) => r.status === 200 && r.body?.data?.callback?.status === 200,
    );
    return { scenario, create, pay, cpu: await meter.stop() };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    if (scenario.backend === 'postgres') {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    }
  }
}

/** CPU milliseconds per request: both calls (create and pay) of the run count. */
const perRequest = (cpuMsTotal: number) => cpuMsTotal / (2 * N);
/** Share of one core over the run's wall time, in percent. */
const ofCore = (m: Measured, cpuMsTotal: number) => `${((100 * cpuMsTotal) / m.cpu.wallMs).toFixed(0)} %`;
const ours = (c: CpuUse) => c.serversMs.reduce((a, b) => a + b, 0) + c.postgresMs;

/**
 * Requests/s at which this run's CPU per request would fill the machine: all cores for the servers and their
 * PostgreSQL backends together, and one core per server process (Node serves requests on one thread).
 */
function ceilingOf(c: CpuUse): { allCores: number; oneCoreEach: number; rate: number } {
  const allCores = (c.cores * 1000) / perRequest(ours(c));
  const oneCoreEach = Math.min(...c.serversMs.map((ms) => 1000 / perRequest(ms)));
  return { allCores, oneCoreEach, rate: Math.min(allCores, oneCoreEach) };
}

function ceiling(c: CpuUse): string {
  const { allCores, oneCoreEach, rate } = ceilingOf(c);
  return `${rate.toFixed(0)}/s (cores ${allCores.toFixed(0)}, a server's core ${oneCoreEach.toFixed(0)})`;
}

function report(results: Measured[]): string {
  const rate = (r: ThroughputResult) => `${r.perSecond.toFixed(0)}/s${r.failures ? ` (${r.failures} failed)` : ''}`;
  const pgCell = (m: Measured, text: string) => (m.scenario.backend === 'postgres' ? text : '—');
  const rows = results.map((m) => [
    m.scenario.label,
    rate(m.create),
    `${ms(m.create.latency.median)} / ${ms(m.create.latency.p99)}`,
    rate(m.pay),
    `${ms(m.pay.latency.median)} / ${ms(m.pay.latency.p99)}`,
    m.cpu.serversMs.map((c) => perRequest(c).toFixed(2)).join(' + '),
    pgCell(m, perRequest(m.cpu.postgresMs).toFixed(2)),
  ]);
  const cpuRows = results.map((m) => {
    const others = m.cpu.machineBusyMs - ours(m.cpu) - m.cpu.loadGeneratorMs;
    return [
      m.scenario.label,
      m.cpu.serversMs.map((c) => ofCore(m, c)).join(' + '),
      pgCell(m, ofCore(m, m.cpu.postgresMs)),
      ofCore(m, m.cpu.loadGeneratorMs),
      ofCore(m, Math.max(0, others)),
      `${ofCore(m, m.cpu.machineBusyMs)} of ${m.cpu.cores * 100} %`,
      ceiling(m.cpu),
    ];
  });
  const find = (label: string) => results.find((m) => m.scenario.label === label);
  const [sqlite, one, two] = [find('SQLite, 1 replica'), find('PostgreSQL, 1 replica'), find('PostgreSQL, 2 replicas')];
  const ratio = (a?: ThroughputResult, b?: ThroughputResult) => (a && b ? (a.perSecond / b.perSecond).toFixed(2) : 'n/a');
  const ceilingRatio = (a?: Measured, b?: Measured) => (a && b ? (ceilingOf(a.cpu).rate / ceilingOf(b.cpu).rate).toFixed(2) : 'n/a');
  return [
    `Machine: ${describeMachine(machineInfo())}. ${N} orders per scenario at ${CONCURRENCY} connections; real`,
    '`authpay serve` processes (tsx), requests round-robin over the replicas; the load generator runs on the same machine.',
    '',
    table(
      [
        'scenario',
        'createPayment',
        'median / p99 ms',
        'paid SANDBOX callback',
        'median / p99 ms',
        'server CPU ms/request',
        'PostgreSQL CPU ms/request',
      ],
      rows,
    ),
    '',
    'CPU while the scenario ran (both phases), as a share of one core; "a + b" is per replica. PostgreSQL counts',
    "the backends of the bench's schema (pool and listener), not PostgreSQL's shared background processes;",
    '"others" is the rest of the machine\'s busy time (other work on a shared machine, PostgreSQL\'s background',
    "processes). The last column is the rate at which this run's CPU per request would fill the machine had the",
    'bench it to itself: every core for the servers and their PostgreSQL backends together, and one core for',
    'each server process (Node serves requests on one thread); the lower of the two is the ceiling.',
    '',
    table(['scenario', 'servers', 'PostgreSQL', 'load generator', 'others', 'whole machine', 'CPU-bound ceiling'], cpuRows),
    '',
    `- Two replicas ÷ one (PostgreSQL): createPayment ${ratio(two?.create, one?.create)}×, `
      + `paid callbacks ${ratio(two?.pay, one?.pay)}× (goal 1.6×).`,
    `- One PostgreSQL replica ÷ SQLite: createPayment ${ratio(one?.create, sqlite?.create)}, `
      + `paid callbacks ${ratio(one?.pay, sqlite?.pay)} (goal 0.7).`,
    `- The same at the CPU-bound ceilings (what the cores allow at this run's CPU per request): two ÷ one `
      + `${ceilingRatio(two, one)}×, one PostgreSQL replica ÷ SQLite ${ceilingRatio(one, sqlite)}.`,
    '- CPU per request counts both calls (create and pay) of the run, divided by their number.',
  ].join('\n');
}

async function main(): Promise<void> {
  const scenarios: Scenario[] = [
    { label: 'SQLite, 1 replica', backend: 'sqlite', replicas: 1 },
    { label: 'PostgreSQL, 1 replica', backend: 'postgres', replicas: 1 },
    { label: 'PostgreSQL, 2 replicas', backend: 'postgres', replicas: 2 },
  ];
  const results: Measured[] = [];
  for (const scenario of scenarios) {
    const m = await measure(scenario);
    console.log(
      `${scenario.label}: createPayment ${m.create.perSecond.toFixed(0)}/s, paid callbacks ${m.pay.perSecond.toFixed(0)}/s, `
        + `server CPU ${m.cpu.serversMs.map((c) => perRequest(c).toFixed(2)).join('+')} ms/req, `
        + `PostgreSQL ${perRequest(m.cpu.postgresMs).toFixed(2)} ms/req, machine busy ${ofCore(m, m.cpu.machineBusyMs)}`,
    );
    results.push(m);
  }
  const body = report(results);
  console.log(`\n${body}`);
  writeSection('scale', `## Scale-out: replicas on PostgreSQL (\`npm run bench:scale\`)\n\n${body}`);
}

await main();
