import path from 'node:path';
import { measureServerStart, type ServerStartFigures } from '../lib/server-process.js';

const SERVE_SCRIPT = path.resolve('bench', 'store', 'serve.mjs');

/** How the server code is loaded: TypeScript through tsx (`npm start`) or a compiled build (`node dist`). */
export type StartMode = { kind: 'tsx' } | { kind: 'compiled'; mainUrl: string };

/** Median-of-runs start-up figures of a server process over given data. */
export interface StartupFigures {
  mode: StartMode['kind'];
  runs: ServerStartFigures[];
  medianReadyMs: number;
  /** Median of the in-process startServer() time (store open, kinds, plugin start, listen), without module loading. */
  medianStartServerMs: number;
  /** Highest RSS seen over all runs, at ready or after settling. */
  maxRss: number;
}

function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : Number.NaN;
}

/**
 * Starts `runs` servers one after another over the data the environment points at, each measured from
 * spawn until GET /apis answers, then stopped.
 */
export async function measureStartup(env: NodeJS.ProcessEnv, runs: number, mode: StartMode): Promise<StartupFigures> {
  const results: ServerStartFigures[] = [];
  const args = mode.kind === 'tsx' ? ['--import', 'tsx', SERVE_SCRIPT] : [SERVE_SCRIPT];
  const modeEnv = mode.kind === 'compiled' ? { AUTHPAY_BENCH_MAIN: mode.mainUrl } : {};
  for (let i = 0; i < runs; i++) {
    const childEnv = {
      ...process.env,
      AUTHPAY_DATABASE_URL: '',
      ...env,
      ...modeEnv,
      AUTHPAY_LOG_LEVEL: 'silent',
      AUTHPAY_ADMIN_PASSWORD: 'bench-admin-password-1',
    };
    results.push(await measureServerStart({ args, env: childEnv }));
  }
  return {
    mode: mode.kind,
    runs: results,
    medianReadyMs: median(results.map((r) => r.readyMs)),
    medianStartServerMs: median(results.map((r) => r.self?.startServerMs ?? Number.NaN)),
    maxRss: Math.max(...results.flatMap((r) => [r.rssAtReady, r.rssSettled])),
  };
}
