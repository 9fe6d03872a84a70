import express, { type Router } from 'express';
import type { Store } from '../store/store.js';
import type { Logger } from '../logging/logger.js';

const READY_TIMEOUT_MS = 2_000;

/**
 * /healthz: the process answers (liveness). /readyz: the store answers a query within two seconds
 * (readiness: take the replica out of the load balancer, do not restart it).
 */
export function healthRoutes(getStore: () => Store | undefined, logger?: Logger): Router {
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
      res.json({ status: 'ok', store: store.backend, revision });
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
