import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import { nowMs } from './timing.js';

/** What a server start cost, measured from outside the process. */
export interface ServerStartFigures {
  /** From spawn until the first HTTP answer on the probe path (any status counts: the server is up). */
  readyMs: number;
  /** Probe status seen, e.g. 200 for /apis. */
  probeStatus: number;
  /** Resident set size of the server process right after it answered, from /proc. */
  rssAtReady: number;
  /** Resident set size after the settle delay (start-up work that runs after listen shows here). */
  rssSettled: number;
  /** What the process reported about itself (a JSON line on stdout), e.g. module-load and start times. */
  self?: Record<string, number>;
}

export interface ServerStartOptions {
  /** Node arguments, e.g. ['--import', 'tsx', 'bench/store/serve.ts']. */
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Path probed until it answers (default /apis). */
  probePath?: string;
  timeoutMs?: number;
  settleMs?: number;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

function probe(port: number, path: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('error', () => resolve(undefined));
    req.on('timeout', () => req.destroy());
  });
}

/** Resident set size of a process in bytes (Linux /proc), or NaN elsewhere. */
export function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

function lastJsonLine(text: string): Record<string, number> | undefined {
  const line = text
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{"bench"'));
  if (!line) return undefined;
  try {
    return JSON.parse(line) as Record<string, number>;
  } catch {
    return undefined;
  }
}

/** SIGTERM, then SIGKILL after 10 s; resolves when the process has exited. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Spawns a server process on a free port, waits until it answers, samples its memory, then stops it. */
export async function measureServerStart(options: ServerStartOptions): Promise<ServerStartFigures> {
  const port = await freePort();
  const path = options.probePath ?? '/apis';
  const started = nowMs();
  const child = spawn(process.execPath, options.args, {
    env: { ...options.env, PORT: String(port), AUTHPAY_HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  child.stdout?.on('data', (d: Buffer) => (stdout = (stdout + d.toString()).slice(-4000)));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering:\n${stderr}`);
      if (nowMs() - started > (options.timeoutMs ?? 120_000))
        throw new Error(`server did not answer within ${options.timeoutMs ?? 120_000} ms:\n${stderr}`);
      const status = await probe(port, path);
      if (status !== undefined) {
        const readyMs = nowMs() - started;
        const rssAtReady = rssOf(child.pid as number);
        await new Promise((r) => setTimeout(r, options.settleMs ?? 3000));
        return { readyMs, probeStatus: status, rssAtReady, rssSettled: rssOf(child.pid as number), self: lastJsonLine(stdout) };
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    await stopChild(child);
  }
}

/** A server in its own process (so a load generator never shares its event loop), answering on `url`. */
export interface ChildServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Spawns `node <args>` with PORT and AUTHPAY_HOST set and waits until probePath answers (any status).
 * stdout goes to /dev/null; stderr is kept for the error when the process exits or never answers.
 */
export async function spawnServer(args: string[], env: NodeJS.ProcessEnv, probePath: string, timeoutMs = 180_000): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), AUTHPAY_HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const started = nowMs();
  try {
    while ((await probe(port, probePath)) === undefined) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${stderr}`);
      if (nowMs() - started > timeoutMs) throw new Error(`server did not answer within ${timeoutMs} ms:\n${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } catch (err) {
    await stopChild(child);
    throw err;
  }
  return { url: `http://127.0.0.1:${port}`, pid: child.pid as number, stop: () => stopChild(child) };
}
