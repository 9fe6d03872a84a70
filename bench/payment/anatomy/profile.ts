/**
 * bench:payment-profile — where a payment server's CPU goes: a real `authpay serve` process (TypeScript via tsx,
 * SQLite, or PostgreSQL with BENCH_DATABASE_URL on a fresh schema) runs with `--cpu-prof` while BENCH_N SANDBOX
 * createPayment calls and then BENCH_N sandboxPay calls (the simulated gateway's signed callback through the real
 * callback path) arrive at 16 connections. The profile's self time is summed by area (profile-areas.ts) for each
 * phase. Shares of the server's own busy time hardly move with the machine's load, unlike rates. Writes its
 * section of docs/benchmarks.md unless BENCH_WRITE=0. BENCH_PROFILE_OUT=<file> keeps the profile (for
 * `tsx bench/check-auth/profile-summary.ts <file>`, which lists functions).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServerProcess } from '../../../test/support/server-process.js';
import { describeMachine, machineInfo } from '../../lib/machine.js';
import { table } from '../../lib/markdown.js';
import { writeSection } from '../../lib/report-writer.js';
import { runConcurrent, type ThroughputResult } from '../concurrent.js';
import { selfTimeByArea, type Window } from './profile-areas.js';

const N = Number(process.env.BENCH_N ?? 3000);
const CONCURRENCY = 16;
const TOP = 18;
const PG_URL = process.env.BENCH_DATABASE_URL;
const TOKEN = 'bench-profile-token-0123456789abcdef0';
const CONSOLE = '/apis/console.api.payment.authpay.dev/v1alpha1';
const PUBLIC = '/apis/api.payment.authpay.dev/v1alpha1';

interface Answer {
  status: number;
  body: { data?: { paymentId?: string; callback?: { status?: number } } };
}

async function main(): Promise<void> {
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-profile-'));
  const schema = `bench_profile_${process.pid}`;
  const server = await startServerProcess(
    {
      AUTHPAY_BOOTSTRAP_TOKEN: TOKEN,
      AUTHPAY_LOG_LEVEL: 'info',
      ...(PG_URL ? { AUTHPAY_DATABASE_URL: `${PG_URL}?schema=${schema}` } : {}),
    },
    ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  ).catch((err: unknown) => {
    fs.rmSync(profileDir, { recursive: true, force: true });
    throw err;
  });
  const call = async (method: string, p: string, body?: unknown, admin = true): Promise<Answer> => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(admin ? { authorization: `Bearer ${TOKEN}` } : {}) };
    const res = await fetch(`${server.url}${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  };
  let create: ThroughputResult;
  let pay: ThroughputResult;
  let stoppedAfterMs: number;
  try {
    await call('PUT', `${CONSOLE}/settings`, { sandboxEnabled: true, allowLocalCallbackDomain: true, callbackDomain: server.url });
    const order = (orderId: string) => ({
      orderId,
      subject: 'bench',
      paymentAmount: '1.00',
      paymentType: 'SANDBOX',
      paymentChannel: 'SIMULATED',
    });
    for (let i = 0; i < 50; i++) await call('POST', `${CONSOLE}/payments`, order(`warm-up-${i}`));
    const ids: string[] = [];
    create = await runConcurrent(
      N,
      CONCURRENCY,
      async (i) => {
        const answer = await call('POST', `${CONSOLE}/payments`, order(`profile-${i}`));
        ids[i] = answer.body.data?.paymentId ?? '';
        return answer;
      },
      (r) => r.status === 200,
    );
    pay = await runConcurrent(
      N,
      CONCURRENCY,
      (i) => call('POST', `${PUBLIC}/payments/${ids[i]}/sandboxPay`, { outcome: 'success' }, false),
      (r) => r.status === 200 && r.body.data?.callback?.status === 200,
    );
    const stopping = Date.now();
    await server.stop();
    stoppedAfterMs = Date.now() - stopping;
  } finally {
    await server.stop().catch(() => undefined);
    if (PG_URL) {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    }
  }
  const file = fs.readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile in ${profileDir}: ${server.output()}`);
  // The phases are the last stretches of the profile before the shutdown.
  const payWindow: Window = { fromEndMs: stoppedAfterMs + pay.seconds * 1000, toEndMs: stoppedAfterMs };
  const createWindow: Window = { fromEndMs: payWindow.fromEndMs + create.seconds * 1000, toEndMs: payWindow.fromEndMs };
  const phases = [
    { label: 'createPayment', result: create, ...selfTimeByArea(path.join(profileDir, file), createWindow) },
    { label: 'paid SANDBOX callback (sandboxPay)', result: pay, ...selfTimeByArea(path.join(profileDir, file), payWindow) },
  ];
  if (process.env.BENCH_PROFILE_OUT) fs.copyFileSync(path.join(profileDir, file), process.env.BENCH_PROFILE_OUT);
  fs.rmSync(profileDir, { recursive: true, force: true });
  const report = render(phases, PG_URL ? 'PostgreSQL' : 'SQLite');
  process.stdout.write(`${report}\n`);
  if (process.env.BENCH_WRITE !== '0') writeSection(`payment-profile-${PG_URL ? 'postgres' : 'sqlite'}`, report);
}

interface PhaseProfile {
  label: string;
  result: ThroughputResult;
  busyMs: number;
  areas: Array<{ area: string; share: number }>;
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

function render(phases: PhaseProfile[], backend: string): string {
  const lines = [
    `## Payment: where the server's CPU goes (${backend}, \`npm run bench:payment-profile\`)`,
    '',
    `${describeMachine(machineInfo())}. One \`authpay serve\` process (tsx, log level info) under \`--cpu-prof\`; ${N} calls per `
      + `phase at ${CONCURRENCY} connections. Self time by area, as a share of the server's busy time in the phase (idle `
      + 'and "program" left out); `src/<service>/<family>` is the project, a package name a dependency, `node:` Node\'s own '
      + 'JavaScript, a name in parentheses V8 (garbage collection) or native code.',
    '',
  ];
  for (const phase of phases) {
    const perRequestMs = phase.busyMs / phase.result.ops;
    lines.push(
      `### ${phase.label}: ${Math.round(phase.result.perSecond)}/s, ${perRequestMs.toFixed(2)} ms of the server's busy time per request`,
      '',
      table(
        ['area', 'self time', 'ms per request'],
        phase.areas.slice(0, TOP).map((a) => [a.area, percent(a.share), (a.share * perRequestMs).toFixed(3)]),
      ),
      '',
    );
  }
  return lines.join('\n');
}

await main();
