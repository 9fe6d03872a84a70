import express, { type Router } from 'express';
import type { Store } from '../store/store.js';
import type { Logger } from '../logging/logger.js';
import type { HostMetrics } from './metrics-registry.js';
import { healthRoutes, type UnschedulableJob } from './health.js';

export interface OpsRouteOptions {
  getStore: () => Store | undefined;
  metrics: HostMetrics;
  logger: Logger;
  /** The current OpenAPI document (api/operations/openapi-source.ts), read on each request. */
  openApi: () => unknown;
  /** Jobs that cannot be scheduled, for the /readyz detail. */
  unschedulableJobs?: () => Promise<UnschedulableJob[]>;
}

/** The paths opsRoutes answers. */
export const OPS_PATHS = ['/healthz', '/readyz', '/metrics', '/openapi.json'] as const;

/** /healthz, /readyz, /metrics and /openapi.json. */
export function opsRoutes(o: OpsRouteOptions): Router {
  const router = express.Router();
  router.use(healthRoutes(o.getStore, o.logger, o.unschedulableJobs));
  router.get('/metrics', async (_req, res, next) => {
    try {
      const { contentType, body } = await o.metrics.render();
      res.setHeader('Cache-Control', 'no-store');
      res.type(contentType).send(body);
    } catch (err) {
      next(err);
    }
  });
  router.get('/openapi.json', (_req, res) => res.json(o.openApi()));
  return router;
}
