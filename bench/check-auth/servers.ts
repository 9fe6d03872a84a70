import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../lib/server-process.js';
import { nowMs } from '../lib/timing.js';

/** A server in its own process, so the load generator (this process) never shares its event loop. */
export interface ChildServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

async function waitForAnswer(url: string, child: ChildProcess, stderr: () => string, timeoutMs: number): Promise<void> {
  const started = nowMs();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${stderr()}`);
    if (nowMs() - started > timeoutMs) throw new Error(`server did not answer within ${timeoutMs} ms:\n${stderr()}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

function stopChild(child: ChildProcess): Promise<void> {
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

/**
 * Spawns `node <args>` with PORT set, waits until probePath answers. stdout goes to /dev/null: the AuthPay
 * server logs one line per request at the default level (info), as in production, and that cost stays in.
 */
export async function spawnServer(args: string[], env: NodeJS.ProcessEnv, probePath: string): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env, PORT: String(port), AUTHPAY_HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForAnswer(`${url}${probePath}`, child, () => stderr, 180_000);
  } catch (err) {
    await stopChild(child);
    throw err;
  }
  return { url, pid: child.pid as number, stop: () => stopChild(child) };
}

/** The AuthPay server as production runs it: compiled JavaScript (set AUTHPAY_BENCH_MAIN to a build's dist/main.js). */
export const AUTHPAY_SERVER_ARGS = [path.resolve('bench', 'store', 'serve.mjs')];
export const BARE_SERVER_ARGS = [path.resolve('bench', 'check-auth', 'bare-server.mjs')];
