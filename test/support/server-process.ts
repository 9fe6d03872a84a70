import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../bench/lib/server-process.js';

/** A real `authpay serve` process (tsx src/cli.ts serve) in its own process group, on a free port. */
export interface ServerProcess {
  url: string;
  pid: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
  /** SIGKILL to the process group: no shutdown hook runs, connections drop as in a crash. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the orderly shutdown. */
  stop(): Promise<void>;
}

/** Process groups still running, killed if the test process exits before stopping them (a failed or timed-out test). */
const running = new Set<number>();
process.on('exit', () => {
  for (const pid of running) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/** Starts the server with the environment given (database URL, tokens, …) and waits until /healthz answers 200. */
/** `nodeArgs` go to node before the script (benches pass `--cpu-prof`, which NODE_OPTIONS does not take). */
export async function startServerProcess(env: Record<string, string>, nodeArgs: string[] = []): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'authpay-process-'));
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join('src', 'cli.ts'), 'serve'], {
    cwd: path.resolve('.'),
    detached: true,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      NODE_ENV: 'development',
      PORT: String(port),
      AUTHPAY_HOST: '127.0.0.1',
      AUTHPAY_BASE_URL: url,
      AUTHPAY_DATA_DIR: dataDir,
      AUTHPAY_LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-16_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  running.add(child.pid!);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      running.delete(child.pid!);
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, signal });
    }),
  );
  const signal = async (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // already gone
    }
    await exited;
  };
  const server = { url, pid: child.pid!, exited, output: () => output, kill: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };
  const end = Date.now() + 120_000;
  for (;;) {
    const status = await fetch(`${url}/healthz`).then(
      (r) => r.status,
      () => undefined,
    );
    if (status === 200) return server;
    if (child.exitCode !== null || Date.now() > end) {
      await server.kill();
      throw new Error(`the server process did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
