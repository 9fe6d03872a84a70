import express, { type Router } from 'express';
import type { Store } from '../store/store.js';
import type { Logger } from '../logging/logger.js';

const READY_TIMEOUT_MS = 2_000;

/** A job that cannot be scheduled, as a probe may see it: its name and the kind of problem, no values. */
export interface UnschedulableJob {
  name: string;
  problemCode?: string;
}

/**
 * /healthz: the process answers (liveness). /readyz: the store answers a query within two seconds
 * (readiness: take the replica out of the load balancer, do not restart it). Its detail lists the jobs
 * that cannot be scheduled (a bad stored cron expression or time zone): they do not make the replica
 * unready — it serves requests fine — but they must not go unnoticed.
 */
export function healthRoutes(
  getStore: () => Store | undefined,
  logger?: Logger,
  unschedulableJobs: () => Promise<UnschedulableJob[]> = async () => [],
): Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    try {
      const store = getStore();
      if (!store) throw new Error('store not open');
      const revision = await withTimeout(store.currentRevision(), READY_TIMEOUT_MS);
      const jobs = await withTimeout(unschedulableJobs(), READY_TIMEOUT_MS).catch(() => undefined);
      res.json({ status: 'ok', store: store.backend, revision, jobs: jobs ? { unschedulable: jobs } : { unknown: true } });
    } catch (err) {
      // The reason stays in the server's own logs; probes only need the status.
      logger?.warn({ err }, 'readiness check failed: store unreachable');
      res.status(503).json({ status: 'unavailable', store: 'unreachable' });
    }
  });
  return router;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
