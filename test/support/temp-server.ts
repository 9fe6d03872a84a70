import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../src/main.js';
import type { HostConfig } from '../../src/host/config.js';
import type { HostRuntime } from '../../src/host/runtime.js';

/** A real AuthPay server (startServer) on port 0 with its own temporary SQLite data directory. */
export interface TempServer {
  runtime: HostRuntime;
  url: string;
  port: number;
  dataDir: string;
  /** Stops the server and removes its data directory. */
  stop(): Promise<void>;
}

export interface TempServerOptions {
  /** Prefix of the temporary data directory, naming the suite in /tmp. */
  prefix: string;
  /** Process environment the server sees (admin password, bootstrap token, database URL, …). */
  env?: Record<string, string>;
  config?: Partial<HostConfig>;
}

export async function startTempServer(options: TempServerOptions): Promise<TempServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${options.prefix}-`));
  try {
    const { runtime, url, port } = await startServer(
      { port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent', ...options.config },
      options.env ?? {},
    );
    return {
      runtime,
      url,
      port,
      dataDir,
      stop: async () => {
        await runtime.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}
