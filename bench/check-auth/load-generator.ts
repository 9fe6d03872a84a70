/**
 * The load generator: wrk when it is installed (`apt-get install wrk`), else autocannon (a devDependency).
 * wrk is preferred: written in C it needs a few µs of CPU per request, where autocannon needs 25–60 µs (more
 * for checkAuth's long query and larger answer than for the bare route) on the same two cores as the server,
 * so with autocannon the comparison measures the load generator as much as the servers.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { childrenCpuMs } from './cpu-time.js';

/** A GET request (the only kind the benchmark sends). */
export interface LoadRequest {
  path: string;
  /** Append a fresh `&nonce=` to every request (each answer is unique and signed afresh). */
  freshNonce?: boolean;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  requests: LoadRequest[];
  /** Headers sent with every request (e.g. Authorization carrying the apiAccessSecret). */
  headers?: Record<string, string>;
}

/** Throughput and latency of one run (latencies in milliseconds). */
export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  /** p99.9: where the stalls every request in flight waits out (GC pauses, the server or wrk descheduled) show. */
  p999: number;
  max: number;
  total: number;
  non2xx: number;
  errors: number;
  /** CPU time the server process used per request (user + system, all its threads), when measured. */
  serverCpuUs?: number;
  /** CPU time the load generator used per request: it shares the machine with the server. */
  clientCpuUs?: number;
}

export type GeneratorName = 'wrk' | 'autocannon';

let chosen: GeneratorName | undefined;

export function loadGenerator(): GeneratorName {
  if (!chosen) {
    try {
      execFileSync('wrk', ['--version'], { stdio: 'ignore' });
      chosen = 'wrk';
    } catch (err) {
      // wrk --version exits 1 after printing its version; only a missing binary is ENOENT.
      chosen = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'autocannon' : 'wrk';
    }
  }
  return chosen;
}

export function runLoad(options: LoadOptions): Promise<LoadFigures> {
  return loadGenerator() === 'wrk' ? runWrk(options) : runAutocannon(options);
}

const WRK_SCRIPT = path.resolve('bench', 'check-auth', 'wrk.lua');

async function runWrk(o: LoadOptions): Promise<LoadFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-wrk-'));
  try {
    const pathsFile = path.join(dir, 'paths.txt');
    fs.writeFileSync(pathsFile, `${o.requests.map((r) => r.path).join('\n')}\n`);
    const nonce = o.requests.some((r) => r.freshNonce) ? ['nonce'] : [];
    const headers = Object.entries(o.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
    const args = ['-t1', `-c${o.connections}`, `-d${o.durationSeconds}s`, ...headers, '-s', WRK_SCRIPT, o.url, '--', pathsFile, ...nonce];
    const before = childrenCpuMs();
    const { stdout } = await promisify(execFile)('wrk', args, { maxBuffer: 1 << 20 });
    // wrk.lua prints the latency and error fields under LoadFigures' own names.
    type WrkLine = Pick<LoadFigures, 'p50' | 'p90' | 'p99' | 'p999' | 'max' | 'non2xx' | 'errors'> & {
      requests: number;
      durationUs: number;
    };
    const { requests, durationUs, ...figures } = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as WrkLine;
    return {
      ...figures,
      requestsPerSecond: requests / (durationUs / 1e6),
      total: requests,
      clientCpuUs: ((childrenCpuMs() - before) * 1000) / requests,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; p99_9: number; max: number };
  non2xx: number;
  errors: number;
}

type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;

async function runAutocannon(o: LoadOptions): Promise<LoadFigures> {
  const moduleName = 'autocannon';
  const autocannon = ((await import(moduleName)) as { default: Autocannon }).default;
  let counter = 0;
  const requests = o.requests.map((r) =>
    r.freshNonce
      ? {
          method: 'GET',
          path: r.path,
          setupRequest: (req: { path: string }) => ({ ...req, path: `${r.path}&nonce=n${(counter++).toString(36)}` }),
        }
      : { method: 'GET', path: r.path },
  );
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({ url: o.url, connections: o.connections, duration: o.durationSeconds, requests, headers: o.headers });
  const cpu = process.cpuUsage(cpuBefore);
  return {
    clientCpuUs: (cpu.user + cpu.system) / result.requests.total,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    p999: result.latency.p99_9,
    max: result.latency.max,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
